import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { publisherRoles, type PublisherRole } from '../../../contract/access';
import { RoleInput, type Developer } from '../../../contract/schemas/developer';
import { ChoiceGroup } from '../../components/ChoiceGroup';
import { FormDialog } from '../../components/FormDialog';
import { toApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useChangeRole } from './api';
import { infoText, roleLabels } from './strings';

const roleHints: Record<PublisherRole, string> = {
  owner: 'Everything, including the team and payouts',
  developer: 'Creates and updates apps',
  viewer: 'Reads only',
};
const roleChoices = publisherRoles.map((r) => ({ value: r, label: roleLabels[r], hint: roleHints[r] }));

/** Change Role: the developer's publisher role; the last owner keeps theirs (the server says so). */
export default function ChangeRoleDialog({ developer, onClose }: { developer: Developer; onClose: () => void }) {
  const { control, handleSubmit, watch, setError, formState } = useForm<{ role: PublisherRole }>({
    defaultValues: { role: developer.role },
    resolver: zodResolver(RoleInput),
  });
  const change = useChangeRole(developer._id);
  const submit = handleSubmit(({ role }) =>
    change.mutate(role, {
      onSuccess: () => {
        toast.success(infoText.roleChanged);
        onClose();
      },
      onError: (err) => {
        // The last owner keeps the role: the server's reason is the form's.
        if (toApiError(err).status === 409) setError('root', { type: 'server', message: toApiError(err).message });
        else toast.failure(err);
      },
    }),
  );
  return (
    <FormDialog
      title={infoText.changeRole}
      description={`${developer.firstName} ${developer.lastName} (${developer.email})`}
      onClose={onClose}
      onSubmit={submit}
      pending={change.isPending}
      submitDisabled={watch('role') === developer.role}
      error={formState.errors.root?.message}
    >
      <Controller
        control={control}
        name="role"
        render={({ field, fieldState }) => (
          <ChoiceGroup label="Role" options={roleChoices} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
    </FormDialog>
  );
}
