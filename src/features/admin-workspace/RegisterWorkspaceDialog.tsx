import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, Flex, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { RegisterWorkspaceInput, WORKSPACE_TEXT as T, type WorkspaceCredentials } from '../../../contract/schemas/workspaces';
import { Field } from '../../components/Field';
import { toApiError, tsr, unwrap } from '../../lib/api';
import { toast } from '../../lib/toast';
import { registeredWorkspacesKey } from './api';
import { WorkspaceCredentialsView } from './WorkspaceCredentials';

type Form = { nickname: string; address: string };

/**
 * Register workspace: nickname and address, checked with the contract's schema before sending (the server's
 * field messages shown on the fields). Once registered, the client id and secret are shown this once, with the
 * Rocket.Chat environment to set.
 */
export default function RegisterWorkspaceDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<WorkspaceCredentials | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<Form>({
    defaultValues: { nickname: '', address: '' },
    resolver: zodResolver(RegisterWorkspaceInput),
  });
  const create = useMutation({
    mutationFn: async (body: Form) => unwrap(await tsr.admin.registeredWorkspaces.register.mutate({ body })),
    onSuccess: async (credentials) => {
      setCreated(credentials);
      await queryClient.invalidateQueries({ queryKey: registeredWorkspacesKey });
    },
    onError: (err) => {
      const fields = toApiError(err).body?.fields?.filter((f) => f.path === 'nickname' || f.path === 'address');
      if (!fields?.length) return toast.failure(err);
      for (const f of fields) setError(f.path as keyof Form, { type: 'server', message: f.message });
    },
  });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        {created ? (
          <WorkspaceCredentialsView title={T.registeredTitle} credentials={created} />
        ) : (
          <>
            <Dialog.Title>{T.register}</Dialog.Title>
            <form noValidate onSubmit={handleSubmit((v) => create.mutate(v))}>
              <Flex direction="column" gap="4">
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
                <Flex gap="2" justify="end" mt="2">
                  <Dialog.Close>
                    <Button type="button" variant="soft" color="gray">
                      Cancel
                    </Button>
                  </Dialog.Close>
                  <Button type="submit" loading={create.isPending}>
                    {T.register}
                  </Button>
                </Flex>
              </Flex>
            </form>
          </>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
