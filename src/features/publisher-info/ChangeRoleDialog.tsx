import { Button, Dialog, Flex, RadioCards, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { publisherRoles, type PublisherRole } from '../../../contract/access';
import type { Developer } from '../../../contract/schemas/developer';
import { toApiError, tsr, unwrap } from '../../lib/api';
import { toast } from '../../lib/toast';
import { infoText, roleLabels } from './strings';

const roleHints: Record<PublisherRole, string> = {
  owner: 'Everything, including the team and payouts',
  developer: 'Creates and updates apps',
  viewer: 'Reads only',
};

/** Change Role: the developer's publisher role; the last owner keeps theirs (the server says so). */
export default function ChangeRoleDialog({ developer, onClose }: { developer: Developer; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<PublisherRole>(developer.role);
  const [error, setError] = useState('');
  const change = useMutation({
    mutationFn: async () =>
      unwrap(await tsr.publisher.setDeveloperRole.mutate({ params: { developerId: developer._id }, body: { developerId: developer._id, role } })),
    onSuccess: async () => {
      toast.success(infoText.roleChanged);
      await queryClient.invalidateQueries({ queryKey: ['publisher'] });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      await queryClient.invalidateQueries({ queryKey: ['checks'] });
      onClose();
    },
    onError: (err) => {
      if (toApiError(err).status === 409) setError(toApiError(err).message);
      else toast.failure(err);
    },
  });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{infoText.changeRole}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {developer.firstName} {developer.lastName} ({developer.email})
        </Dialog.Description>
        <RadioCards.Root value={role} onValueChange={(v) => setRole(v as PublisherRole)} columns="1" aria-label="Role">
          {publisherRoles.map((r) => (
            <RadioCards.Item key={r} value={r}>
              <Flex direction="column">
                <Text weight="bold">{roleLabels[r]}</Text>
                <Text size="1" color="gray">
                  {roleHints[r]}
                </Text>
              </Flex>
            </RadioCards.Item>
          ))}
        </RadioCards.Root>
        {error && (
          <Text as="p" color="red" size="2" mt="2" role="alert">
            {error}
          </Text>
        )}
        <Flex gap="2" justify="end" mt="4">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button disabled={role === developer.role} loading={change.isPending} onClick={() => change.mutate()}>
            Save
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
