import { AlertDialog, Button, Flex } from '@radix-ui/themes';

/** A yes/no question before going on (SPEC §5 'No Screenshots Provided', §8 the cancellation prompt). */
export function ConfirmDialog({
  title,
  text,
  yes = 'Yes',
  no = 'No',
  danger = false,
  onYes,
  onNo,
}: {
  title: string;
  text: string;
  yes?: string;
  no?: string;
  danger?: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onNo()}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{text}</AlertDialog.Description>
        <Flex gap="2" justify="end" mt="4">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {no}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color={danger ? 'red' : undefined} onClick={onYes}>
              {yes}
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
