import type { Route } from '@playwright/test';

/**
 * Fails a request the way a dropped network does. Chromium may already have failed a request that was
 * in flight when the context went offline; that route is then handled, and there is nothing left to do.
 */
export async function abortOffline(route: Route): Promise<void> {
  try {
    await route.abort('internetdisconnected');
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('already handled'))) throw error;
  }
}
