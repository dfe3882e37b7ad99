import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { fetchSessionUser } from '../lib/session/session-api';
import { createSessionCache } from '../lib/session/session-cache';
import { createSessionMachine } from '../lib/session/session-machine';
import { SessionProvider } from '../lib/session/session-provider';
import { memoryStore } from './session-fakes';

// Page tests render the page under the real session provider, whose machine reads the fake
// server's session (answerSession) once on mount, inside a query client and a router at `url`.

/** Renders `ui` at `url` with a fresh session machine (online, empty cache) and `queryClient`. */
export function renderWithSession(ui: ReactNode, { url, queryClient = new QueryClient() }: { url: string; queryClient?: QueryClient }) {
  const machine = createSessionMachine({
    fetchSession: fetchSessionUser,
    cache: createSessionCache(memoryStore()),
    network: { isOnline: () => true, onOnline: () => () => undefined },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <SessionProvider machine={machine}>{ui}</SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** navigator.onLine as the test sets it (`browser.online = false`), back to online before each test; mocks restored after. */
export function controlBrowserOnline(): { online: boolean } {
  const browser = { online: true };
  beforeEach(() => {
    browser.online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browser.online);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });
  return browser;
}
