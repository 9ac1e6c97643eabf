import { Table } from '@radix-ui/themes';
import { VisuallyHidden } from 'radix-ui';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A Radix table with a caption for its accessible name. When it scrolls sideways (narrow screens), its
 * scroll area becomes a labelled, focusable region so keyboard users can scroll it too.
 */
export function DataTable({
  caption,
  children,
  size,
  variant = 'surface',
  className,
}: {
  caption: string;
  children: ReactNode;
  /** Radix's table size and variant (default: its size, the surface variant); `className` styles it further. */
  size?: '1' | '2' | '3';
  variant?: 'surface' | 'ghost';
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewport = ref.current?.querySelector<HTMLElement>('.rt-ScrollAreaViewport');
    if (!viewport) return;
    const sync = () => {
      const scrolls = viewport.scrollWidth > viewport.clientWidth;
      if (scrolls) {
        viewport.tabIndex = 0;
        viewport.setAttribute('role', 'region');
        viewport.setAttribute('aria-label', `${caption} (scrolls sideways)`);
      } else {
        viewport.removeAttribute('tabindex');
        viewport.removeAttribute('role');
        viewport.removeAttribute('aria-label');
      }
    };
    sync();
    const observer = new ResizeObserver(sync);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [caption]);
  return (
    <Table.Root variant={variant} size={size} className={className} ref={ref}>
      <VisuallyHidden.Root asChild>
        <caption>{caption}</caption>
      </VisuallyHidden.Root>
      {children}
    </Table.Root>
  );
}
