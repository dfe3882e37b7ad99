import { describe, expect, it, vi } from 'vitest';
import { answer, networkFailure, noContent, sent } from '../test/fake-server';
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

describe('CSP reporter', () => {
  it('builds the report body the server takes', () => {
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
    answer('POST /api/security/csp-violation', noContent());
    await reportViolation(event);
    expect(sent()).toHaveLength(1);
    const [report] = sent();
    expect(report?.method).toBe('POST');
    expect(report?.path).toBe('/api/security/csp-violation');
    expect(report?.body).toMatchObject({ violatedDirective: 'script-src-elem', blockedURI: 'inline' });
    expect(readSecurityLog()[0]).toMatchObject({ event: 'csp-violation', level: 'warning' });

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer('POST /api/security/csp-violation', networkFailure());
    await expect(reportViolation(event)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
