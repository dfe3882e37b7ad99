import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSecurityLog } from './security-log';
import { reportViolation, violationBody } from './csp-reporter';

const event = {
  documentURI: 'http://localhost/dashboard',
  referrer: '',
  blockedURI: 'inline',
  violatedDirective: 'script-src-elem',
  originalPolicy: "script-src 'self'",
  disposition: 'enforce' as const,
  timeStamp: 12,
};

afterEach(() => vi.unstubAllGlobals());

describe('CSP reporter', () => {
  it("builds the spec's body", () => {
    expect(violationBody(event, 1000)).toEqual({
      documentURI: 'http://localhost/dashboard',
      referrer: '',
      blockedURI: 'inline',
      violatedDirective: 'script-src-elem',
      originalPolicy: "script-src 'self'",
      disposition: 'enforce',
      timestamp: 1000,
    });
  });

  it('posts the report, writes the security log, and only logs a failure', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await reportViolation(event);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/security/csp-violation');
    expect(JSON.parse(String(init.body))).toMatchObject({ violatedDirective: 'script-src-elem', blockedURI: 'inline' });
    expect(readSecurityLog()[0]).toMatchObject({ event: 'csp-violation', level: 'warning' });

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(reportViolation(event)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
