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

const failureText = (err: unknown) => {
  const e = toApiError(err);
  return `${GENERIC_FAILURE.text} Code: ${e.code}. Error: ${e.message}`;
};

/** Toasts from anywhere: components, loaders, route guards. */
export const toast = {
  show(tone: Tone, text: string, title?: string): number {
    const id = nextId++;
    items = [...items.slice(-4), { id, tone, text, title }];
    emit();
    return id;
  },
  /**
   * A toast for work under way whose outcome then takes its place ('Publishing the app...' becomes
   * 'Published!', not a second toast beside it).
   */
  pending(text: string) {
    const id = toast.show('info', text);
    const settle = (tone: Tone, next: string, title?: string) => {
      const item = { id, tone, text: next, title };
      items = items.some((x) => x.id === id) ? items.map((x) => (x.id === id ? item : x)) : [...items.slice(-4), item];
      emit();
    };
    return {
      success: (next: string) => settle('success', next),
      apiError: (err: unknown) => settle('error', errorToastText(err)),
      failure: (err: unknown) => settle('error', failureText(err), GENERIC_FAILURE.title),
    };
  },
  success: (text: string, title?: string) => void toast.show('success', text, title),
  info: (text: string, title?: string) => void toast.show('info', text, title),
  error: (text: string, title?: string) => void toast.show('error', text, title),
  apiError: (err: unknown) => void toast.show('error', errorToastText(err)),
  /** SPEC §8 generic failure: 'An Error Occured' / 'An error occured processing your request.' with Code and Error. */
  failure: (err: unknown) => void toast.show('error', failureText(err), GENERIC_FAILURE.title),
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

/** The toasts shown now. */
export const currentToasts = () => items;

const none: ToastItem[] = [];
/**
 * The toasts to show now (the Toaster renders them; it loads after the first screen). A screen the server rendered
 * had none: React takes it over as that, then shows any toast already raised.
 */
export const useToasts = () => useSyncExternalStore(subscribe, currentToasts, () => none);
