import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@radix-ui/themes';
import { useForm } from 'react-hook-form';
import { GITHUB_ACTIONS_ISSUER, NewTrustPolicyInput, TRUST_TEXT as T } from '../../../contract/schemas/tokens';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { toApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useAddTrust } from './api';

type Form = { issuer: string; repository: string; workflow: string; environment: string; ref: string };

const fields: { name: Exclude<keyof Form, 'issuer'>; label: string; hint: string; placeholder: string }[] = [
  { name: 'repository', label: T.repositoryLabel, hint: T.repositoryHint, placeholder: 'owner/name' },
  { name: 'workflow', label: T.workflowLabel, hint: T.workflowHint, placeholder: 'release.yml' },
  { name: 'environment', label: T.environmentLabel, hint: T.environmentHint, placeholder: 'production' },
  { name: 'ref', label: T.refLabel, hint: T.refHint, placeholder: 'refs/heads/main' },
];

/**
 * Add trusted publisher: issuer (GitHub Actions' by default), repository, workflow file, optional environment and
 * ref; checked with the contract's schema, sent as typed (the server trims the fields and takes an empty
 * environment or ref as none).
 */
export default function AddTrustDialog({ appId, onClose }: { appId: string; onClose: () => void }) {
  const { register, handleSubmit, formState, setError } = useForm({
    defaultValues: { issuer: GITHUB_ACTIONS_ISSUER, repository: '', workflow: '', environment: '', ref: '' } satisfies Form,
    resolver: zodResolver(NewTrustPolicyInput, undefined, { raw: true }),
  });
  const { errors } = formState;
  const add = useAddTrust(appId);
  const submit = handleSubmit((form) =>
    add.mutate(form, {
      onSuccess: () => {
        toast.success(T.added);
        onClose();
      },
      onError: (err) => {
        if (applyServerErrors(err, setError)) return;
        // A conflict (the same workflow already trusted) is about the form as a whole.
        if (toApiError(err).status === 409) setError('root', { type: 'server', message: toApiError(err).message });
        else toast.failure(err);
      },
    }),
  );
  return (
    <FormDialog title={T.add} onClose={onClose} onSubmit={submit} pending={add.isPending} submitLabel={T.add} maxWidth="520px" error={errors.root?.message}>
      <Field label={T.issuerLabel} error={errors.issuer?.message} hint={T.issuerHint}>
        {({ id, describedBy, invalid }) => <TextField.Root id={id} aria-describedby={describedBy} aria-invalid={invalid} type="url" {...register('issuer')} />}
      </Field>
      {fields.map((f) => (
        <Field key={f.name} label={f.label} error={errors[f.name]?.message} hint={f.hint}>
          {({ id, describedBy, invalid }) => (
            <TextField.Root
              id={id}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              placeholder={f.placeholder}
              autoComplete="off"
              spellCheck={false}
              {...register(f.name)}
            />
          )}
        </Field>
      ))}
    </FormDialog>
  );
}
