import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { fakeServerLifecycle } from './test/fake-server';

// Every web unit test talks to the one fake server (src/test/fake-server.ts), never to the network.
beforeAll(() => fakeServerLifecycle.start());
afterEach(() => {
  cleanup();
  // A request no route answered fails the test that made it, even when the app swallowed the error.
  const missed = fakeServerLifecycle.reset();
  if (missed.length > 0) throw new Error(`The fake server was sent requests no test answered:\n${missed.join('\n')}`);
});
afterAll(() => fakeServerLifecycle.stop());
