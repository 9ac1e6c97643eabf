import { zodResolver } from '@hookform/resolvers/zod';
import { Select } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { publisherRoles, type PublisherRole } from '../../../contract/access';
import { AddUserInput, isPlaceholderId } from '../../../contract/schemas/developer';
import { ChoiceGroup } from '../../components/ChoiceGroup';
import { Field } from '../../components/Field';
import { FormDialog } from '../../components/FormDialog';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { addableUsersQuery, useAddUser } from './api';
import { infoText, roleLabels } from './strings';

/** The form before it is checked: no role chosen yet is ''. */
type Form = { userCloudId: string; role: PublisherRole | '' };
type Checked = z.output<typeof AddUserInput>;

const roleChoices = publisherRoles.map((r) => ({ value: r, label: roleLabels[r] }));

/** Add User (SPEC §5): a person of the publisher's cloud account (those already added shown disabled) and a role. */
export default function AddUserDialog({ onClose }: { onClose: () => void }) {
  const users = useQuery(addableUsersQuery);
  const { control, handleSubmit, setError } = useForm<Form, unknown, Checked>({
    defaultValues: { userCloudId: '', role: '' },
    resolver: zodResolver(AddUserInput) as Resolver<Form, unknown, Checked>,
  });
  const add = useAddUser();
  const submit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => {
        toast.success(infoText.added);
        onClose();
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError)) toast.failure(err);
      },
    }),
  );
  return (
    <FormDialog title={infoText.addUser} onClose={onClose} onSubmit={submit} pending={add.isPending} submitLabel="Add">
      <Controller
        control={control}
        name="userCloudId"
        render={({ field, fieldState }) => (
          <Field label="User" error={fieldState.error?.message} hint={users.isError ? 'The people of your account could not be loaded.' : undefined}>
            {({ id, describedBy, invalid }) => (
              <Select.Root value={field.value} onValueChange={field.onChange} name={field.name}>
                <Select.Trigger
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  placeholder={users.isPending ? 'Loading the people of your account…' : 'Select a user'}
                />
                <Select.Content position="popper">
                  {(users.data ?? []).map((u) => (
                    // Someone already added has a real developer id: shown, not selectable.
                    <Select.Item key={u.cloudId} value={u.cloudId} disabled={!isPlaceholderId(u.id)}>
                      {u.label}
                      {!isPlaceholderId(u.id) ? ' (already added)' : ''}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            )}
          </Field>
        )}
      />
      <Controller
        control={control}
        name="role"
        render={({ field, fieldState }) => (
          <ChoiceGroup variant="select" label="Role" options={roleChoices} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
    </FormDialog>
  );
}
