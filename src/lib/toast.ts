import { useSyncExternalStore } from 'react';
import { toApiError } from './api';

export type Tone = 'success' | 'error' | 'info';
export type ToastItem = { id: number; tone: Tone; title?: string; text: string };

let items: ToastItem[] = [];
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

/** The toasts to show now (the Toaster renders them; it loads after the first screen). */
export const useToasts = () => useSyncExternalStore(subscribe, () => items);
