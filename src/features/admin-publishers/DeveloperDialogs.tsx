import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, Flex, Select, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { publisherRoles, systemRoles } from '../../../contract/access';
import { DeveloperEditInput, RoleInput, SystemRoleInput, type Developer } from '../../../contract/schemas/developer';
import { Field } from '../../components/Field';
import { toApiError, tsr, unwrap } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { publisherKeys } from './api';
import { publishersText, systemRoleLabels } from './strings';

const roleLabels = { owner: 'Owner', developer: 'Developer', viewer: 'Viewer' } as const;

function useSaved(publisherId: string, onClose: () => void) {
  const queryClient = useQueryClient();
  return async () => {
    toast.success(publishersText.developerSaved);
    await queryClient.invalidateQueries(publisherKeys(publisherId));
    onClose();
  };
}

function DialogFrame({ title, description, onClose, children }: { title: string; description: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {description}
        </Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function Buttons({ pending, label = 'Save' }: { pending: boolean; label?: string }) {
  return (
    <Flex gap="2" justify="end" mt="4">
      <Dialog.Close>
        <Button type="button" variant="soft" color="gray">
          Cancel
        </Button>
      </Dialog.Close>
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </Flex>
  );
}

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
  const saved = useSaved(publisherId, onClose);
  const { register, handleSubmit, formState, setError } = useForm<EditForm>({
    defaultValues: { firstName: developer.firstName, lastName: developer.lastName, chatUsername: developer.chatUsername, email: developer.email },
    resolver: zodResolver(DeveloperEditInput),
  });
  const save = useMutation({
    mutationFn: async (body: EditForm) =>
      unwrap(await tsr.admin.publishers.updateDeveloper.mutate({ params: { id: publisherId, devId: developer._id }, body })),
    onSuccess: saved,
    onError: (err) => {
      if (!applyServerErrors(err, setError)) toast.failure(err);
    },
  });
  const fields: { name: keyof EditForm; label: string; type?: 'email' }[] = [
    { name: 'firstName', label: 'First name' },
    { name: 'lastName', label: 'Last name' },
    { name: 'chatUsername', label: `${product}.Chat username` },
    { name: 'email', label: 'Email', type: 'email' },
  ];
  return (
    <DialogFrame title="Edit Developer" description={`${developer.firstName} ${developer.lastName}`} onClose={onClose}>
      <form noValidate onSubmit={handleSubmit((v) => save.mutate(v))}>
        <Flex direction="column" gap="3">
          {fields.map((f) => (
            <Field key={f.name} label={f.label} error={formState.errors[f.name]?.message}>
              {({ id, describedBy, invalid }) => (
                <TextField.Root id={id} type={f.type} aria-describedby={describedBy} aria-invalid={invalid} {...register(f.name)} />
              )}
            </Field>
          ))}
        </Flex>
        <Buttons pending={save.isPending} />
      </form>
    </DialogFrame>
  );
}

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
  const saved = useSaved(publisherId, onClose);
  const [role, setRole] = useState<string>(system ? developer.systemRole : developer.role);
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: async () => {
      const params = { id: publisherId, devId: developer._id };
      return system
        ? unwrap(await tsr.admin.publishers.developerSystemRole.mutate({ params, body: { role: role as Developer['systemRole'] } }))
        : unwrap(await tsr.admin.publishers.developerRole.mutate({ params, body: { role: role as Developer['role'] } }));
    },
    onSuccess: saved,
    onError: (err) => {
      const e = toApiError(err);
      if (e.status === 409 || e.body?.fields?.length) setError(e.body?.fields?.[0]?.message ?? e.message);
      else toast.failure(err);
    },
  });
  const options = system ? systemRoles.map((r) => [r, systemRoleLabels[r]] as const) : publisherRoles.map((r) => [r, roleLabels[r]] as const);
  const label = system ? 'System role' : 'Role';
  return (
    <DialogFrame
      title={system ? 'Change System Role' : 'Change Role'}
      description={`${developer.firstName} ${developer.lastName} (${developer.email})`}
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const checked = (system ? SystemRoleInput : RoleInput).safeParse({ role });
          if (!checked.success) return setError(checked.error.issues[0]!.message);
          save.mutate();
        }}
      >
        <Field label={label} error={error}>
          {({ id, describedBy, invalid }) => (
            <Select.Root value={role} onValueChange={(v) => (setRole(v), setError(''))}>
              <Select.Trigger id={id} aria-describedby={describedBy} aria-invalid={invalid} placeholder={`Select a ${label.toLowerCase()}`} />
              <Select.Content position="popper">
                {options.map(([value, text]) => (
                  <Select.Item key={value} value={value}>
                    {text}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </Field>
        <Buttons pending={save.isPending} />
      </form>
    </DialogFrame>
  );
}
