import { afterAll, beforeAll } from 'vitest';
import { startLocalPushService, type LocalPushService } from './push-service';
import { startTestServer, type TestServer } from './test-server';

/**
 * The test server of a file (or of the describe block it is called in): started before its tests
 * on a fresh database, stopped after them. The returned object is filled in by the beforeAll hook,
 * so read its fields inside hooks and tests only. A file's own beforeAll, registered after this
 * call, runs once the server is up; its own afterAll runs before the server stops. `env` may be a
 * function, read when the server starts: a beforeAll registered before this call can then pass what
 * it started (the local push service's host for PUSH_TEST_HOSTS).
 */
export function useTestServer(env: Record<string, string> | (() => Record<string, string>) = {}): TestServer {
  // Filled by Object.assign below: the test server is a plain object of values and closures.
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await startTestServer(typeof env === 'function' ? env() : env));
  });
  afterAll(() => server.stop());
  return server;
}

/**
 * The test server of a file with the local push service started before it (its host:port the one
 * PUSH_TEST_HOSTS lists) and closed after it. Both objects are filled by the hooks, as above.
 */
export function useTestServerWithPush(env: Record<string, string> = {}): { server: TestServer; push: LocalPushService } {
  // Filled by Object.assign below, as the server is.
  const push = {} as LocalPushService;
  beforeAll(async () => {
    Object.assign(push, await startLocalPushService());
  });
  const server = useTestServer(() => ({ ...env, PUSH_TEST_HOSTS: new URL(push.origin).host }));
  afterAll(() => push.close());
  return { server, push };
}
