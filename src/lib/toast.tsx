import { Card, Flex, IconButton, Text } from '@radix-ui/themes';
import { CheckCircledIcon, Cross2Icon, CrossCircledIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { toApiError } from './api';

type Tone = 'success' | 'error' | 'info';
type Item = { id: number; tone: Tone; title?: string; text: string };

let items: Item[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
let nextId = 1;

export const GENERIC_FAILURE = { title: 'An Error Occured', text: 'An error occured processing your request.' };

/** SPEC §8: the error text plus 'Request ID: {id}', or 'An error occured! Request ID: {id}' without one. */
export function errorToastText(err: unknown): string {
  const e = toApiError(err);
  const id = e.requestId;
  if (!id) return e.body?.error ?? e.message;
  return e.body?.error ? `${e.body.error} Request ID: ${id}` : `An error occured! Request ID: ${id}`;
}

/** Toasts from anywhere: components, loaders, route guards. */
export const toast = {
  show(tone: Tone, text: string, title?: string) {
    items = [...items.slice(-4), { id: nextId++, tone, text, title }];
    emit();
  },
  success: (text: string, title?: string) => toast.show('success', text, title),
  info: (text: string, title?: string) => toast.show('info', text, title),
  error: (text: string, title?: string) => toast.show('error', text, title),
  apiError: (err: unknown) => toast.show('error', errorToastText(err)),
  /** SPEC §8 generic failure: 'An Error Occured' / 'An error occured processing your request.' with Code and Error. */
  failure: (err: unknown) => {
    const e = toApiError(err);
    toast.show('error', `${GENERIC_FAILURE.text} Code: ${e.code}. Error: ${e.message}`, GENERIC_FAILURE.title);
  },
  dismiss(id: number) {
    items = items.filter((x) => x.id !== id);
    emit();
  },
  clear() {
    items = [];
    emit();
  },
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

const colors = { success: 'green', error: 'red', info: 'indigo' } as const;

const icons = { success: CheckCircledIcon, error: CrossCircledIcon, info: InfoCircledIcon };

export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => items);
  return (
    <Toast.Provider swipeDirection="right" duration={7000}>
      {list.map((t) => {
        const Icon = icons[t.tone];
        return (
          <Toast.Root key={t.id} onOpenChange={(open) => !open && toast.dismiss(t.id)} type={t.tone === 'error' ? 'foreground' : 'background'} data-testid="toast">
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
