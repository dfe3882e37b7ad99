import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { rateLimiter } from './lib/rate-limiter';
import { fakeServerLifecycle } from './test/fake-server';

// jsdom has no ResizeObserver; Radix (selects, switches, tabs, the chat's dialogs) observes sizes.
// Nothing is resized in these tests, so an observer that never calls back is faithful. It is part of
// the environment, not a stub: a test's vi.unstubAllGlobals() (after faking matchMedia, say) must
// not take it away from the tests after it.
class StillResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.defineProperty(globalThis, 'ResizeObserver', { value: StillResizeObserver, configurable: true, writable: true });
}

// Every web unit test talks to the one fake server (src/test/fake-server.ts), never to the network.
let serverFetch: typeof fetch | null = null;
beforeAll(() => {
  fakeServerLifecycle.start();
  serverFetch = globalThis.fetch;
});
afterEach(() => {
  cleanup();
  // One way to fake the API: a test that swaps the global fetch for a stub of its own bypasses the
  // fake server, its unanswered-request check and its request log.
  const replaced = globalThis.fetch !== serverFetch;
  // A request no route answered fails the test that made it, even when the app swallowed the error.
  const missed = fakeServerLifecycle.reset();
  // The api client's per-endpoint limit (100 a minute) counts across a file's tests, and tests that
  // set the fake clock back would keep adding to one window: every test starts with none counted.
  rateLimiter.reset();
  if (replaced) throw new Error('The global fetch was replaced; answer routes with src/test/fake-server.ts instead.');
  if (missed.length > 0) throw new Error(`The fake server was sent requests no test answered:\n${missed.join('\n')}`);
});
afterAll(() => fakeServerLifecycle.stop());
