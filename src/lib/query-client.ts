import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** The SPA's query client: fresh for 10 s, and no retry of a 4xx (it would only be refused again). */
export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
