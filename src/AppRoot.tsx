import { Theme } from '@radix-ui/themes';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { tsr } from './lib/api';
import { themeProps } from './lib/theme';
import type { makeRouter } from './router';

/**
 * The SPA's tree, the same in the browser (src/main.tsx) and in the server's render (src/ssr/render.tsx): React
 * takes over the elements the server rendered only where both render the very same tree.
 */
export function AppRoot({ queryClient, router, children }: { queryClient: QueryClient; router: ReturnType<typeof makeRouter>; children?: ReactNode }) {
  return (
    <StrictMode>
      <Theme {...themeProps}>
        <QueryClientProvider client={queryClient}>
          <tsr.ReactQueryProvider>
            <RouterProvider router={router} />
            {children}
          </tsr.ReactQueryProvider>
        </QueryClientProvider>
      </Theme>
    </StrictMode>
  );
}
