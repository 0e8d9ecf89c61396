'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { trpc } from './trpc';

function isRetryable(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } | null }).data?.httpStatus;
  return status === undefined || status >= 500;
}

/** React Query and tRPC for the dashboard's client components; one client per browser tab. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // Tables reload on demand (Refresh buttons) rather than on every tab switch; a 4xx is never retried.
        defaultOptions: { queries: { refetchOnWindowFocus: false, retry: (failures, error) => failures < 2 && isRetryable(error) } },
      }),
  );
  const [trpcClient] = useState(() => trpc.createClient({ links: [httpBatchLink({ url: '/api/trpc' })] }));
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
