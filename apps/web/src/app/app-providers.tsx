import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { Toasters } from '../components/toasters';
import { SessionProvider } from '../lib/session/session-provider';
import { createQueryClient } from '../lib/query-client';

/** Dashboard and projects are the likely next pages: fetch their code when the browser is idle. */
function usePreloadLikelyPages() {
  useEffect(() => {
    const preload = () => {
      void import('./dashboard-page');
      void import('../features/placeholders/planned-page');
    };
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(preload, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(preload, 1500);
    return () => clearTimeout(id);
  }, []);
}

/** Providers for every page past the landing: data cache, session, toasts. */
export default function AppProviders() {
  const [queryClient] = useState(createQueryClient);
  usePreloadLikelyPages();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Outlet />
        <Toasters />
      </SessionProvider>
    </QueryClientProvider>
  );
}
