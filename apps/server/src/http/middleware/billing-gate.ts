import { createMiddleware } from 'hono/factory';
import { billingAccess, readOnlyMessage } from '@ridgeline/shared/domain/billing';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../context';
import type { AppDeps } from '../deps';
import { loadIdentity } from './identity';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// The writes a read-only company may still make: signing in and out and its own account, choosing a
// plan and paying (the way out), the platform admins' tools, the public pages (a homeowner's
// signature), the browser's security reports, and marking things read (opening a conversation or
// the inbox is reading, not changing company data).
const OPEN_WHEN_READ_ONLY: RegExp[] = [
  /^\/api\/auth\//,
  /^\/api\/billing\//,
  /^\/api\/credits\/purchase$/,
  /^\/api\/admin\//,
  /^\/api\/public\//,
  /^\/api\/security\//,
];

/**
 * When the company is read-only (the trial ended without a plan, the payment grace period ran out,
 * or the subscription ended), every other write answers 402 BILLING_READ_ONLY with the reason and
 * the way to /pricing. Reads and exports go on; nothing is deleted. Choosing a plan lifts it on the
 * very next request: the state is read with the identity, per request.
 */
export function billingGate(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!WRITES.has(c.req.method) || OPEN_WHEN_READ_ONLY.some((open) => open.test(c.req.path))) return next();
    const billing = (await loadIdentity(c, deps))?.companyBilling;
    if (!billing) return next();
    const access = billingAccess(billing);
    if (access.readOnly && access.reason) throw new AppError('BILLING_READ_ONLY', readOnlyMessage(access.reason));
    return next();
  });
}
