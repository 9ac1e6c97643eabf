// What Radix Themes' theme module imports from 'radix-ui', without Tooltip's provider (see
// theme-without-tooltips.ts): the portal renders no Radix tooltip.
import type { ReactNode } from 'react';

export * as Direction from '@radix-ui/react-direction';
export * as Slot from '@radix-ui/react-slot';
export const Tooltip = { Provider: ({ children }: { children?: ReactNode; delayDuration?: number }) => children };
