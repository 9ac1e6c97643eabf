import { Callout, Flex, IconButton, Text } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { toApiError } from './api';

type Tone = 'success' | 'error' | 'info';
type Item = { id: number; tone: Tone; title?: string; text: string };

let items: Item[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
let nextId = 1;

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

export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => items);
  return (
    <Toast.Provider swipeDirection="right" duration={7000}>
      {list.map((t) => (
        <Toast.Root key={t.id} onOpenChange={(open) => !open && toast.dismiss(t.id)} type={t.tone === 'error' ? 'foreground' : 'background'} asChild>
          <Callout.Root color={colors[t.tone]} variant="surface" data-testid="toast">
            <Flex justify="between" gap="3" align="start">
              <div>
                {t.title && (
                  <Toast.Title asChild>
                    <Text as="p" weight="bold" size="2">
                      {t.title}
                    </Text>
                  </Toast.Title>
                )}
                <Toast.Description asChild>
                  <Callout.Text>{t.text}</Callout.Text>
                </Toast.Description>
              </div>
              <Toast.Close asChild>
                <IconButton size="1" variant="ghost" color="gray" aria-label="Dismiss notification">
                  <Cross2Icon />
                </IconButton>
              </Toast.Close>
            </Flex>
          </Callout.Root>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" aria-label="Notifications" />
    </Toast.Provider>
  );
}
