import type { Context } from 'hono';
import { billingAccess, readOnlyMessage } from '@ridgeline/shared/domain/billing';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../context';
import type { AppDeps } from '../deps';
import { loadIdentity } from './identity';
import type { Gate } from './gate';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// The writes a read-only company may still make. The way out: choosing a plan and paying (billing,
// credit packs). Signing in and out and the user's own account (profile, avatar, password, two-factor,
// the device's push subscription). The platform admins' tools, impersonation included (an admin
// viewing as a user of a read-only company must be able to end it). The public pages (a homeowner's
// signature) and the browser's security reports. Feedback to the Ridgeline team (a user of a
// read-only company can still say what is wrong and answer the team). And reading, which is not changing company data:
// marking a conversation, a notification or the whole inbox read, and asking whether an e-mail has
// an account. Everything else that writes (projects, photos, tasks, estimates, documents, chat
// messages, the team, company settings, service orders) answers 402.
const OPEN_WHEN_READ_ONLY: RegExp[] = [
  /^\/api\/auth\//,
  /^\/api\/billing(\/|$)/,
  /^\/api\/credits\/purchase$/,
  /^\/api\/admin\//,
  /^\/api\/functions\/admin-impersonation$/,
  /^\/api\/public\//,
  /^\/api\/security\//,
  /^\/api\/feedback(\/|$)/,
  /^\/api\/me(\/avatar)?$/,
  /^\/api\/push\/subscriptions$/,
  /^\/api\/chat\/conversations\/[^/]+\/read$/,
  /^\/api\/notifications\/(read-all|[^/]+\/read)$/,
  /^\/api\/rpc\/user_exists_by_email$/,
];

/** Whether a write to this path stays open while the company is read-only. */
export function isOpenWhenReadOnly(path: string): boolean {
  return OPEN_WHEN_READ_ONLY.some((open) => open.test(path));
}

/**
 * When the company is read-only (the trial ended without a plan, the payment grace period ran out,
 * or the subscription ended), every other write answers 402 BILLING_READ_ONLY with the reason and
 * the way to /pricing. Reads and exports go on; nothing is deleted. Choosing a plan lifts it on the
 * very next request: the state is read with the identity, per request.
 */
export function billingGate(deps: AppDeps): Gate {
  const refuseReadOnly = async (c: Context<AppEnv>): Promise<void> => {
    const billing = (await loadIdentity(c, deps))?.companyBilling;
    if (!billing) return;
    const access = billingAccess(billing);
    if (access.readOnly && access.reason) throw new AppError('BILLING_READ_ONLY', readOnlyMessage(access.reason));
  };
  return (c) => {
    if (!WRITES.has(c.req.method) || isOpenWhenReadOnly(c.req.path)) return;
    return refuseReadOnly(c);
  };
}
