import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toast } from '../src/lib/toast';

// Radix Themes (Select, Popover, Tooltip, ScrollArea) needs these in jsdom.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
window.scrollTo = () => {};

// findBy… and waitFor wait for a condition; their limit only ends a test that would wait forever (their default,
// a second, ran out on a busy machine for screens that render in milliseconds on a quiet one).
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The toasts are the SPA's one module-level store: each test starts without any.
  toast.clear();
});

// The files of a worker share its document and modules (vitest.config.ts): each starts on an empty page.
document.body.innerHTML = '';
sessionStorage.clear();
