import { QueryClient } from '@tanstack/react-query';
import type { ApiError } from '../api/api-error.ts';

// Every query goes through the API client, which only ever rejects with ApiError.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

/** The app's query cache. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Failures are shown with a retry action; silent automatic retries on top of a 100 s timeout
        // (spec §9) could keep the user waiting for minutes.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
