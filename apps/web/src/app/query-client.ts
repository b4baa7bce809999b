import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls were already shown to the user by the request wrapper, so no retries (they
 * would repeat the message). Data is stale at once: a page opened again reloads it, while
 * pages kept alive in tabs keep what they show.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { retry: false },
  },
});
