import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('gives a working single-machine default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      trustedOrigins: [],
      logLevel: 'info',
      serveWeb: true,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('derives PUBLIC_URL from PORT, trims a trailing slash and treats empty values as unset', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://ridgeline.example.com/' }).publicUrl).toBe('https://ridgeline.example.com');
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({ databaseUrl: undefined, smtpUrl: undefined });
    expect(loadConfig({ TRUSTED_ORIGINS: 'https://a.test, https://b.test,' }).trustedOrigins).toEqual(['https://a.test', 'https://b.test']);
    expect(loadConfig({ SERVE_WEB: 'false' }).serveWeb).toBe(false);
  });

  it('bounds slow clients with timeouts that still fit a 5 MB upload on slow 3G', () => {
    const { timeouts } = loadConfig({});
    expect(timeouts).toEqual({ headersMs: 20_000, requestMs: 150_000, keepAliveMs: 15_000 });
    // 5 MB at 400 kbit/s, the slow-3G profile, takes about 105 s.
    expect(timeouts.requestMs).toBeGreaterThan(((5 * 1024 * 1024 * 8) / 400_000) * 1000);
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '60000', KEEP_ALIVE_TIMEOUT_MS: '3000' }).timeouts).toEqual({
      headersMs: 5000,
      requestMs: 60_000,
      keepAliveMs: 3000,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '90000', REQUEST_TIMEOUT_MS: '60000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('lists push test hosts outside production only, and limits invitations by default', () => {
    expect(loadConfig({}).pushEndpoints).toEqual({ allowHttp: true, testHosts: [] });
    expect(loadConfig({ NODE_ENV: 'production' }).pushEndpoints).toEqual({ allowHttp: false, testHosts: [] });
    expect(loadConfig({ PUSH_TEST_HOSTS: '127.0.0.1:4100, [::1]:4101' }).pushEndpoints.testHosts).toEqual(['127.0.0.1:4100', '[::1]:4101']);
    expect(() => loadConfig({ PUSH_TEST_HOSTS: '127.0.0.1' })).toThrow(/PUSH_TEST_HOSTS/);
    expect(() => loadConfig({ PUSH_TEST_HOSTS: 'http://127.0.0.1:4100' })).toThrow(/PUSH_TEST_HOSTS/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_TEST_HOSTS: '127.0.0.1:4100' })).toThrow(/PUSH_TEST_HOSTS: only for the test suite/);
    expect(loadConfig({}).invitationLimits).toEqual({ perCompanyPerDay: 50, perIpPerHour: 20 });
    expect(loadConfig({ INVITATION_COMPANY_LIMIT: '5', INVITATION_IP_LIMIT: '3' }).invitationLimits).toEqual({ perCompanyPerDay: 5, perIpPerHour: 3 });
  });

  it('throws a readable error naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Invalid configuration:\n\s+PORT: /);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ BETTER_AUTH_SECRET: 'short' })).toThrow(/BETTER_AUTH_SECRET/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
