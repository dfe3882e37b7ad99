import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { BILLING_TEST_MODE_WARNING, loadConfig } from './config';
import { freePort, killQuietly, launchTs, mainTs } from './test/processes';
import { createTestDatabase, type TestDatabase } from './test/test-database';

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

  it('sizes the upload quotas for real work: hundreds of photos a rep per hour, a few screenshots, and each configurable', () => {
    const MB = 1024 * 1024;
    const { uploadQuota } = loadConfig({});
    expect(uploadQuota).toEqual({
      userHourlyBytes: 5120 * MB,
      screenshotHourlyBytes: 50 * MB,
      companyHourlyBytes: 20_480 * MB,
      companyStorageBytes: 500 * 1024 * MB,
    });
    // Several hundred phone photos at the top of 5-10 MB fit one person's hour.
    expect(uploadQuota.userHourlyBytes).toBeGreaterThanOrEqual(500 * 10 * MB);
    expect(
      loadConfig({ UPLOAD_USER_HOURLY_MB: '100', FEEDBACK_SCREENSHOT_HOURLY_MB: '20', UPLOAD_COMPANY_HOURLY_MB: '300', COMPANY_STORAGE_GB: '2' }).uploadQuota,
    ).toEqual({
      userHourlyBytes: 100 * MB,
      screenshotHourlyBytes: 20 * MB,
      companyHourlyBytes: 300 * MB,
      companyStorageBytes: 2 * 1024 * MB,
    });
    for (const name of ['UPLOAD_USER_HOURLY_MB', 'FEEDBACK_SCREENSHOT_HOURLY_MB', 'UPLOAD_COMPANY_HOURLY_MB', 'COMPANY_STORAGE_GB']) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(new RegExp(name));
      expect(() => loadConfig({ [name]: 'lots' })).toThrow(new RegExp(name));
    }
  });

  it('bounds slow clients with timeouts that still fit a 5 MB upload on slow 3G', () => {
    const { timeouts } = loadConfig({});
    expect(timeouts).toEqual({ headersMs: 20_000, requestMs: 150_000, keepAliveMs: 15_000, shutdownMs: 25_000 });
    // 5 MB at 400 kbit/s, the slow-3G profile, takes about 105 s.
    expect(timeouts.requestMs).toBeGreaterThan(((5 * 1024 * 1024 * 8) / 400_000) * 1000);
    expect(
      loadConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '60000', KEEP_ALIVE_TIMEOUT_MS: '3000', SHUTDOWN_TIMEOUT_MS: '10000' }).timeouts,
    ).toEqual({
      headersMs: 5000,
      requestMs: 60_000,
      keepAliveMs: 3000,
      shutdownMs: 10_000,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '90000', REQUEST_TIMEOUT_MS: '60000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('lists push test hosts outside production only, and limits invitations by default', () => {
    expect(loadConfig({}).pushEndpoints).toEqual({ allowHttp: true, testHosts: [] });
    expect(loadConfig({ NODE_ENV: 'production', BILLING_TEST_MODE: 'true' }).pushEndpoints).toEqual({ allowHttp: false, testHosts: [] });
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

describe('storage', () => {
  it('keeps files on local disk by default, and reads an S3 bucket from the environment', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'ridgeline-files',
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'ridgeline-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'ridgeline-files', S3_REGION: 'eu-west-1' }).storage).toEqual({
      driver: 's3',
      bucket: 'ridgeline-files',
      region: 'eu-west-1',
      endpoint: null,
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
    });
  });

  it('refuses S3 without its bucket and region, with half a key pair, or with a bad bucket name', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3\n\s+S3_REGION: required/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files' })).toThrow(/S3_REGION: required when STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY, or neither/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Files_Here', S3_REGION: 'us-east-1' })).toThrow(/S3_BUCKET: an S3 bucket name/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });
});

describe('the assistant', () => {
  it('answers built-in without a key, and reads the provider and the limits from the environment', () => {
    expect(loadConfig({}).assistant).toEqual({ provider: null, dailyLimit: 200 });
    expect(loadConfig({ ASSISTANT_API_KEY: '' }).assistant.provider).toBeNull();
    expect(
      loadConfig({
        ASSISTANT_API_KEY: 'sk-local',
        ASSISTANT_BASE_URL: 'http://127.0.0.1:8000/v1',
        ASSISTANT_MODEL: 'llama-3.1-8b',
        ASSISTANT_TIMEOUT_MS: '30000',
        ASSISTANT_MAX_RETRIES: '4',
        ASSISTANT_DAILY_LIMIT: '50',
      }).assistant,
    ).toEqual({
      provider: { apiKey: 'sk-local', baseUrl: 'http://127.0.0.1:8000/v1', model: 'llama-3.1-8b', timeoutMs: 30_000, maxRetries: 4 },
      dailyLimit: 50,
    });
    expect(loadConfig({ ASSISTANT_API_KEY: 'sk-x' }).assistant.provider).toMatchObject({
      baseUrl: null,
      model: 'gpt-4o-mini',
      timeoutMs: 60_000,
      maxRetries: 2,
    });
    expect(() => loadConfig({ ASSISTANT_BASE_URL: 'not a url' })).toThrow(/ASSISTANT_BASE_URL/);
    expect(() => loadConfig({ ASSISTANT_DAILY_LIMIT: '0' })).toThrow(/ASSISTANT_DAILY_LIMIT/);
    expect(() => loadConfig({ ASSISTANT_MAX_RETRIES: '11' })).toThrow(/ASSISTANT_MAX_RETRIES/);
  });
});

describe('billing in production', () => {
  const key = 'sk_test_51ridgeline';

  it('refuses production without a Stripe key unless BILLING_TEST_MODE=true asks for test mode', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /Invalid configuration:\n\s+STRIPE_SECRET_KEY: required in production.*BILLING_TEST_MODE=true/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', BILLING_TEST_MODE: 'false' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: '' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', BILLING_TEST_MODE: 'true' })).toMatchObject({ env: 'production', stripe: null, billingTestMode: true });
    expect(loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: key })).toMatchObject({ stripe: { secretKey: key }, billingTestMode: false });
  });

  it('keeps test mode the default elsewhere, and refuses a flag that is not true or false or that contradicts a key', () => {
    expect(loadConfig({})).toMatchObject({ env: 'development', stripe: null, billingTestMode: true });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ stripe: null, billingTestMode: true });
    expect(() => loadConfig({ NODE_ENV: 'production', BILLING_TEST_MODE: 'yes' })).toThrow(/BILLING_TEST_MODE/);
    expect(() => loadConfig({ BILLING_TEST_MODE: 'true', STRIPE_SECRET_KEY: key })).toThrow(
      /BILLING_TEST_MODE: must not be true while STRIPE_SECRET_KEY is set/,
    );
  });

  describe('the npm start process', () => {
    const children: ChildProcess[] = [];
    const databases: TestDatabase[] = [];
    afterAll(async () => {
      for (const child of children) if (child.exitCode === null && child.pid) killQuietly(child.pid, 'SIGINT');
      await new Promise((r) => setTimeout(r, 500));
      for (const database of databases) await database.drop();
    });

    /** `npm start`'s process on a database of its own, in production, with the given billing variables. */
    async function start(billing: NodeJS.ProcessEnv) {
      const database = await createTestDatabase();
      databases.push(database);
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
      };
      delete env.STRIPE_SECRET_KEY;
      delete env.BILLING_TEST_MODE;
      Object.assign(env, billing);
      return { running: launchTs(mainTs, [], { env, children }), port };
    }

    it('refuses to start in production without a Stripe key or the flag, naming both', async () => {
      const { running, port } = await start({});
      const code = await Promise.race([running.exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 30_000))]);
      expect(code, running.output()).toBe(1);
      expect(running.output()).toContain('Ridgeline could not start');
      expect(running.output()).toMatch(/STRIPE_SECRET_KEY: required in production.*BILLING_TEST_MODE=true/);
      expect(running.output()).not.toMatch(/\n\s+at /); // words, not a stack trace
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    }, 40_000);

    it('starts in production with BILLING_TEST_MODE=true and warns about it at start', async () => {
      const { running, port } = await start({ BILLING_TEST_MODE: 'true' });
      const deadline = Date.now() + 45_000;
      let healthy = false;
      while (!healthy && Date.now() < deadline && running.child.exitCode === null) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!healthy) await new Promise((r) => setTimeout(r, 250));
      }
      expect(healthy, running.output()).toBe(true);
      const warning = running
        .output()
        .split('\n')
        .find((line) => line.includes(BILLING_TEST_MODE_WARNING));
      expect(warning, running.output()).toBeDefined();
      expect(JSON.parse(warning ?? '{}')).toMatchObject({ level: 40, billingTestMode: true });
      running.child.kill('SIGINT');
      await running.exited;
    }, 60_000);
  });
});
