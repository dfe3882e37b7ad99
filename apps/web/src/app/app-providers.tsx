import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { Toasters } from '../components/toasters';
import { SessionProvider } from '../lib/session/session-provider';
import { createQueryClient } from '../lib/query-client';

/** Providers for every page past the landing: data cache, session, toasts. */
export default function AppProviders() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Outlet />
        <Toasters />
      </SessionProvider>
    </QueryClientProvider>
  );
}
