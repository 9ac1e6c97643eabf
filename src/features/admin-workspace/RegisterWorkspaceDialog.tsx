import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@radix-ui/themes';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { RegisterWorkspaceInput, WORKSPACE_TEXT as T } from '../../../contract/schemas/workspaces';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useRegisterWorkspace } from './api';
import { CredentialsDialog } from './WorkspaceCredentials';

type Form = z.input<typeof RegisterWorkspaceInput>;

/**
 * Register workspace: nickname and address, checked with the contract's schema before sending (the server's
 * field messages shown on the fields). Once registered, the client id and secret are shown this once, with the
 * Rocket.Chat environment to set.
 */
export default function RegisterWorkspaceDialog({ onClose }: { onClose: () => void }) {
  const { register, handleSubmit, formState, setError } = useForm<Form, unknown, RegisterWorkspaceInput>({
    defaultValues: { nickname: '', address: '' },
    resolver: zodResolver(RegisterWorkspaceInput),
  });
  const create = useRegisterWorkspace();
  const submit = handleSubmit((body) =>
    create.mutate(body, {
      onError: (err) => {
        if (!applyServerErrors(err, setError)) toast.failure(err);
      },
    }),
  );
  // The secret lives in the mutation's answer only: closing forgets it.
  if (create.isSuccess) return <CredentialsDialog title={T.registeredTitle} credentials={create.data} onClose={onClose} />;
  return (
    <FormDialog title={T.register} maxWidth="560px" onClose={onClose} onSubmit={(e) => void submit(e)} pending={create.isPending} submitLabel={T.register}>
      <Field label={T.nicknameLabel} error={formState.errors.nickname?.message} hint={T.nicknameHint}>
        {({ id, describedBy, invalid }) => (
          <TextField.Root
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            maxLength={100}
            autoComplete="off"
            autoFocus
            {...register('nickname')}
          />
        )}
      </Field>
      <Field label={T.addressLabel} error={formState.errors.address?.message} hint={T.addressHint}>
        {({ id, describedBy, invalid }) => (
          <TextField.Root
            id={id}
            type="url"
            inputMode="url"
            placeholder="https://chat.example.com"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            maxLength={2048}
            autoComplete="off"
            {...register('address')}
          />
        )}
      </Field>
    </FormDialog>
  );
}
