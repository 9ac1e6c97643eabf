import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@radix-ui/themes';
import { Controller, useForm } from 'react-hook-form';
import { publisherRoles, systemRoles } from '../../../contract/access';
import { DeveloperEditInput, RoleInput, SystemRoleInput, type Developer } from '../../../contract/schemas/developer';
import { ChoiceGroup } from '../../components/ChoiceGroup';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { toApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useSetDeveloperRole, useUpdateDeveloper } from './api';
import { publishersText, systemRoleLabels } from './strings';

const roleLabels = { owner: 'Owner', developer: 'Developer', viewer: 'Viewer' } as const;
const roleOptions = publisherRoles.map((r) => ({ value: r, label: roleLabels[r] }));
const systemRoleOptions = systemRoles.map((r) => ({ value: r, label: systemRoleLabels[r] }));

type EditForm = { firstName: string; lastName: string; chatUsername: string; email: string };

/** Developer edit (SPEC §5): first name, last name, {product}.Chat username and email, all required. */
export function DeveloperEditDialog({
  publisherId,
  developer,
  product,
  onClose,
}: {
  publisherId: string;
  developer: Developer;
  product: string;
  onClose: () => void;
}) {
  const { register, handleSubmit, formState, setError } = useForm<EditForm>({
    defaultValues: { firstName: developer.firstName, lastName: developer.lastName, chatUsername: developer.chatUsername, email: developer.email },
    resolver: zodResolver(DeveloperEditInput),
  });
  const save = useUpdateDeveloper(publisherId);
  const submit = handleSubmit((body) =>
    save.mutate(
      { devId: developer._id, body },
      {
        onSuccess: () => {
          toast.success(publishersText.developerSaved);
          onClose();
        },
        onError: (err) => {
          if (!applyServerErrors(err, setError)) toast.failure(err);
        },
      },
    ),
  );
  const fields: { name: keyof EditForm; label: string; type?: 'email' }[] = [
    { name: 'firstName', label: 'First name' },
    { name: 'lastName', label: 'Last name' },
    { name: 'chatUsername', label: `${product}.Chat username` },
    { name: 'email', label: 'Email', type: 'email' },
  ];
  return (
    <FormDialog
      title="Edit Developer"
      description={`${developer.firstName} ${developer.lastName}`}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      pending={save.isPending}
    >
      {fields.map((f) => (
        <Field key={f.name} label={f.label} error={formState.errors[f.name]?.message}>
          {({ id, describedBy, invalid }) => (
            <TextField.Root id={id} type={f.type} aria-describedby={describedBy} aria-invalid={invalid} {...register(f.name)} />
          )}
        </Field>
      ))}
    </FormDialog>
  );
}

type RoleForm = { role: string };

/** Role and system role (SPEC §5: a selection is required); the system role is an admin's to give. */
export function DeveloperRoleDialog({
  publisherId,
  developer,
  system,
  onClose,
}: {
  publisherId: string;
  developer: Developer;
  system: boolean;
  onClose: () => void;
}) {
  const { control, handleSubmit, formState, setError, clearErrors } = useForm<RoleForm>({
    defaultValues: { role: system ? developer.systemRole : developer.role },
    resolver: zodResolver<RoleForm, unknown, RoleForm>(system ? SystemRoleInput : RoleInput),
  });
  const save = useSetDeveloperRole(publisherId);
  const submit = handleSubmit(({ role }) =>
    save.mutate(
      system
        ? { devId: developer._id, system, body: { role: role as Developer['systemRole'] } }
        : { devId: developer._id, system, body: { role: role as Developer['role'] } },
      {
        onSuccess: () => {
          toast.success(publishersText.developerSaved);
          onClose();
        },
        onError: (err) => {
          if (applyServerErrors(err, setError)) return;
          const e = toApiError(err);
          // A refusal the server explains (a 409) is the form's message.
          if (e.status === 409) setError('root.server', { type: 'server', message: e.message });
          else toast.failure(err);
        },
      },
    ),
  );
  const label = system ? 'System role' : 'Role';
  return (
    <FormDialog
      title={system ? 'Change System Role' : 'Change Role'}
      description={`${developer.firstName} ${developer.lastName} (${developer.email})`}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      pending={save.isPending}
      error={formState.errors.root?.server?.message}
    >
      <Controller
        control={control}
        name="role"
        render={({ field, fieldState }) => (
          <ChoiceGroup
            variant="select"
            label={label}
            options={system ? systemRoleOptions : roleOptions}
            value={field.value}
            onChange={(v) => {
              field.onChange(v);
              clearErrors('root.server');
            }}
            error={fieldState.error?.message}
          />
        )}
      />
    </FormDialog>
  );
}
