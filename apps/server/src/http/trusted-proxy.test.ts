import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createForwardedResolver } from './middleware/trusted-proxy';
import { startTestServer, uniqueEmail, type TestServer } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// X-Forwarded-For and X-Forwarded-Proto count only when the socket's peer is a trusted proxy
// (TRUST_PROXY); otherwise any client could pick its own rate-limit key or switch HSTS on.

const WRITE_LIMIT = 5;
const REPORT = { documentURI: 'http://localhost/', violatedDirective: 'script-src' };

async function write(server: TestServer, headers: Record<string, string>): Promise<number> {
  const response = await server.client().post('/api/rpc/user_exists_by_email', { _email: uniqueEmail() }, { headers });
  return response.status;
}

async function reportIp(server: TestServer, headers: Record<string, string>): Promise<string | undefined> {
  const response = await server.client().post('/api/security/csp-violation', REPORT, { headers });
  expect(response.status).toBe(204);
  const rows = await server.db.execute<{ ip: string }>(sql`select ip from csp_violations order by received_at desc limit 1`);
  return rows.rows[0]?.ip;
}

describe('without TRUST_PROXY', () => {
  const server = useTestServer({ API_WRITE_LIMIT: String(WRITE_LIMIT) });

  it('counts writes by the socket address whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < WRITE_LIMIT; i++) expect(await write(server, { 'X-Forwarded-For': `203.0.113.${i + 1}` })).toBe(200);
    expect(await write(server, { 'X-Forwarded-For': '203.0.113.99' })).toBe(429);
    expect(await write(server, {})).toBe(429);
  });

  it('records the socket address, and X-Forwarded-Proto: https adds no HSTS', async () => {
    const fresh = await startTestServer();
    try {
      expect(await reportIp(fresh, { 'X-Forwarded-For': '203.0.113.7' })).toBe('127.0.0.1');
      const response = await fresh.client().get('/api/health', { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(response.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await fresh.stop();
    }
  });
});

describe('with TRUST_PROXY naming the proxy (loopback)', () => {
  const server = useTestServer({ API_WRITE_LIMIT: String(WRITE_LIMIT), TRUST_PROXY: 'loopback' });

  it('counts writes by the forwarded client address', async () => {
    for (let i = 0; i < WRITE_LIMIT; i++) expect(await write(server, { 'X-Forwarded-For': '203.0.113.7' })).toBe(200);
    expect(await write(server, { 'X-Forwarded-For': '203.0.113.7' })).toBe(429);
    // A client that prepends its own entry is still counted by the address the proxy saw.
    expect(await write(server, { 'X-Forwarded-For': '198.51.100.1, 203.0.113.7' })).toBe(429);
    // Another client behind the same proxy has its own count.
    expect(await write(server, { 'X-Forwarded-For': '203.0.113.8' })).toBe(200);
  });

  it('records the forwarded address and follows X-Forwarded-Proto for HSTS', async () => {
    expect(await reportIp(server, { 'X-Forwarded-For': '203.0.113.9' })).toBe('203.0.113.9');
    const https = await server.client().get('/api/health', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toContain('max-age=');
    const http = await server.client().get('/api/health', { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('resolving the client behind proxies', () => {
  const resolverFor = (value: string | undefined) => createForwardedResolver(loadConfig({ TRUST_PROXY: value }).trustProxy);

  it('ignores the headers when the peer is not a trusted proxy', () => {
    expect(resolverFor(undefined)('10.0.0.5', '203.0.113.7', 'https')).toEqual({ clientIp: '10.0.0.5', https: false });
    expect(resolverFor('10.1.0.0/16')('10.0.0.5', '203.0.113.7', 'https')).toEqual({ clientIp: '10.0.0.5', https: false });
  });

  it('walks X-Forwarded-For from the right past trusted proxies', () => {
    const list = resolverFor('10.0.0.0/8, 192.0.2.1');
    expect(list('::ffff:10.0.0.5', '198.51.100.1, 203.0.113.7, 192.0.2.1', 'https')).toEqual({ clientIp: '203.0.113.7', https: true });
    expect(list('10.0.0.5', '', undefined)).toEqual({ clientIp: '10.0.0.5', https: false });
    expect(list('10.0.0.5', 'not-an-ip', 'http')).toEqual({ clientIp: '10.0.0.5', https: false });
    const twoHops = resolverFor('2');
    expect(twoHops('10.0.0.5', '198.51.100.1, 203.0.113.7, 192.0.2.1', 'https')).toEqual({ clientIp: '203.0.113.7', https: true });
    expect(resolverFor('1')('10.0.0.5', '198.51.100.1, 203.0.113.7', 'http, https')).toEqual({ clientIp: '203.0.113.7', https: true });
  });

  it('refuses a TRUST_PROXY it cannot read', () => {
    for (const bad of ['0', '11', 'yes', '10.0.0.0/33', '1.2.3.4/8/1', 'example.com'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).trustProxy).toBeNull();
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual({ addresses: ['loopback', '10.0.0.0/8'] });
  });
});
