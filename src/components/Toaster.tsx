import { Card, Flex, IconButton, Text } from '@radix-ui/themes';
import { CheckCircledIcon, Cross2Icon, CrossCircledIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Toast } from 'radix-ui';
import { toast, useToasts } from '../lib/toast';

const colors = { success: 'green', error: 'red', info: 'indigo' } as const;

const icons = { success: CheckCircledIcon, error: CrossCircledIcon, info: InfoCircledIcon };

/** The toasts of lib/toast, as Radix toasts (a chunk of its own: toasts raised before it loads show once it has). */
export default function Toaster() {
  const list = useToasts();
  return (
    <Toast.Provider swipeDirection="right" duration={7000}>
      {list.map((t) => {
        const Icon = icons[t.tone];
        return (
          <Toast.Root
            key={t.id}
            onOpenChange={(open) => !open && toast.dismiss(t.id)}
            type={t.tone === 'error' ? 'foreground' : 'background'}
            data-testid="toast"
          >
            <Card size="2" style={{ borderLeft: `4px solid var(--${colors[t.tone]}-9)` }}>
              <Flex justify="between" gap="3" align="start">
                <Flex gap="2" align="start">
                  <Icon color={`var(--${colors[t.tone]}-11)`} aria-hidden style={{ marginTop: 3, flex: 'none' }} />
                  <div>
                    {t.title && (
                      <Toast.Title asChild>
                        <Text as="p" weight="bold" size="2">
                          {t.title}
                        </Text>
                      </Toast.Title>
                    )}
                    <Toast.Description asChild>
                      <Text as="p" size="2">
                        {t.text}
                      </Text>
                    </Toast.Description>
                  </div>
                </Flex>
                <Toast.Close asChild>
                  <IconButton size="1" variant="ghost" color="gray" aria-label="Dismiss notification">
                    <Cross2Icon />
                  </IconButton>
                </Toast.Close>
              </Flex>
            </Card>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className="toast-viewport" aria-label="Notifications" />
    </Toast.Provider>
  );
}
