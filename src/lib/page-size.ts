import { useEffect, useState } from 'react';

export const DEFAULT_PAGE_SIZE = 25;
export const RESIZE_DEBOUNCE_MS = 300;
/** SPEC §9: the default debounce (search fields). */
export const DEFAULT_DEBOUNCE_MS = 250;
const ROW_HEIGHT = 40;

/** SPEC §9: floor((window height − header height − doubled content padding) / 40 − 2); 25 when unknown. */
export function pageSizeFor(windowHeight: number | undefined, headerHeight: number, contentPadding: number): number {
  if (!windowHeight || !Number.isFinite(windowHeight)) return DEFAULT_PAGE_SIZE;
  return Math.max(1, Math.floor((windowHeight - headerHeight - 2 * contentPadding) / ROW_HEIGHT - 2));
}

let windowHeight = (): number | undefined => (typeof window === 'undefined' ? undefined : window.innerHeight);
/** Where the window's height is read: the browser's window, or, rendering on the server, the height the browser last told it (src/ssr/render.tsx). */
export const measureWindowWith = (height: () => number | undefined) => {
  windowHeight = height;
};

/** The table page size for the window as it is now (what `useTablePageSize` starts with). */
export const tablePageSize = (headerHeight = 160, contentPadding = 24) => pageSizeFor(windowHeight(), headerHeight, contentPadding);

/** The table page size for this window, recomputed 300 ms after the last resize. */
export function useTablePageSize(headerHeight = 160, contentPadding = 24): number {
  const [size, setSize] = useState(() => tablePageSize(headerHeight, contentPadding));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSize(pageSizeFor(window.innerHeight, headerHeight, contentPadding)), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [headerHeight, contentPadding]);
  return size;
}
