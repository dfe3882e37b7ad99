import type { CspViolation } from '@ridgeline/shared/contracts/admin';
import { api } from './api-client';
import { logSecurityEvent } from './security-log';

// CSP violations are posted to /api/security/csp-violation with the
// report body the server's contract takes; a failure is only logged. Each one also goes to the security log shown on /security.

type ViolationFields = Pick<
  SecurityPolicyViolationEvent,
  'documentURI' | 'referrer' | 'blockedURI' | 'violatedDirective' | 'originalPolicy' | 'disposition' | 'timeStamp'
>;

export function violationBody(event: ViolationFields, now: number = Date.now()): CspViolation {
  const cut = (text: string, max: number) => text.slice(0, max);
  return {
    documentURI: cut(event.documentURI, 2048),
    referrer: cut(event.referrer, 2048),
    blockedURI: cut(event.blockedURI, 2048),
    violatedDirective: cut(event.violatedDirective, 256),
    originalPolicy: cut(event.originalPolicy, 4096),
    disposition: event.disposition,
    timestamp: now,
  };
}

export async function reportViolation(event: ViolationFields): Promise<void> {
  const body = violationBody(event);
  logSecurityEvent('warning', 'csp-violation', `Blocked ${body.blockedURI || 'content'} (${body.violatedDirective})`, body);
  try {
    await api.post('/api/security/csp-violation', body);
  } catch (error) {
    console.warn('The CSP violation report could not be sent.', error);
  }
}
