import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

/**
 * The test server of a file (or of the describe block it is called in): started before its tests
 * on a fresh database, stopped after them. The returned object is filled in by the beforeAll hook,
 * so read its fields inside hooks and tests only. A file's own beforeAll, registered after this
 * call, runs once the server is up; its own afterAll runs before the server stops.
 */
export function useTestServer(env: Record<string, string> = {}): TestServer {
  // Filled by Object.assign below: the test server is a plain object of values and closures.
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(env));
  });
  afterAll(() => server.stop());
  return server;
}
