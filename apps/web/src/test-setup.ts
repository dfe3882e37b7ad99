import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { fakeServerLifecycle } from './test/fake-server';

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
  if (replaced) throw new Error('The global fetch was replaced; answer routes with src/test/fake-server.ts instead.');
  if (missed.length > 0) throw new Error(`The fake server was sent requests no test answered:\n${missed.join('\n')}`);
});
afterAll(() => fakeServerLifecycle.stop());
