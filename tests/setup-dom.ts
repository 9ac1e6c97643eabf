import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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
});
