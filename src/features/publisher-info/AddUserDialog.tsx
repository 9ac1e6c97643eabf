import { Button, Dialog, Flex, Select } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { publisherRoles } from '../../../contract/access';
import { AddUserInput, isPlaceholderId } from '../../../contract/schemas/developer';
import { Field } from '../../components/Field';
import { tsr, unwrap } from '../../lib/api';
import { applyServerErrors, firstMessages } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { addableUsersQuery } from './api';
import { infoText, roleLabels } from './strings';

type Form = { userCloudId: string; role: string };

/** Add User (SPEC §5): a person of the publisher's cloud account (those already added shown disabled) and a role. */
export default function AddUserDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const users = useQuery(addableUsersQuery);
  const [values, setValues] = useState<Form>({ userCloudId: '', role: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: async (body: Form) => unwrap(await tsr.publisher.addUser.mutate({ body: body as never })),
    onSuccess: async () => {
      toast.success(infoText.added);
      await queryClient.invalidateQueries({ queryKey: ['publisher'] });
      onClose();
    },
    onError: (err) => {
      if (!applyServerErrors(err, (path, e) => setErrors((x) => ({ ...x, [path]: e.message ?? '' })))) toast.failure(err);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = AddUserInput.safeParse(values);
    if (!parsed.success) return setErrors(firstMessages(parsed.error.issues));
    setErrors({});
    add.mutate(values);
  };
  const set = (change: Partial<Form>) => {
    setValues((v) => ({ ...v, ...change }));
    setErrors((x) => Object.fromEntries(Object.entries(x).filter(([k]) => !(k in change))));
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="480px" aria-describedby={undefined}>
        <Dialog.Title>{infoText.addUser}</Dialog.Title>
        <form noValidate onSubmit={submit}>
          <Flex direction="column" gap="3">
            <Field label="User" error={errors.userCloudId} hint={users.isError ? 'The people of your account could not be loaded.' : undefined}>
              {({ id, describedBy, invalid }) => (
                <Select.Root value={values.userCloudId} onValueChange={(userCloudId) => set({ userCloudId })} name="userCloudId">
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
            <Field label="Role" error={errors.role}>
              {({ id, describedBy, invalid }) => (
                <Select.Root value={values.role} onValueChange={(role) => set({ role })} name="role">
                  <Select.Trigger id={id} aria-describedby={describedBy} aria-invalid={invalid} placeholder="Select a role" />
                  <Select.Content position="popper">
                    {publisherRoles.map((r) => (
                      <Select.Item key={r} value={r}>
                        {roleLabels[r]}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              )}
            </Field>
            <Flex gap="2" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={add.isPending}>
                Add
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
