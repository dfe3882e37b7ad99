import { randomUUID } from 'node:crypto';
import type { BuyCreditsInput, BuyCreditsResult, CreditEntriesPage, CreditEntriesQuery, CreditEntry, CreditSummary } from '@ridgeline/shared/contracts/billing';
import { CREDIT_PACKS } from '@ridgeline/shared/domain/billing';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import { withStatementTimeout } from '../../infra/db/statement-timeout';
import type { PaymentsGateway } from '../../infra/payments/gateway';
import { AppError } from '../../lib/app-error';
import { assertCanPay, canPay } from './billing.policy';
import { findBillingRow } from './billing-state.repository';
import { completeCheckoutSession, insertCheckoutSession } from './checkouts.repository';
import { appendCreditEntry, creditBalance } from './credit-ledger.repository';
import { creditsCsv, creditsCsvFileName, type CsvFile } from './credits-csv';
import { countCreditEntries, listCreditEntries, type CreditEntryFilters, type CreditEntryListRow } from './credits.repository';

/** `readTimeoutMs`: each statement of the CSV export is stopped after it (DATABASE_READ_TIMEOUT_MS). */
export type CreditsServiceDeps = { db: Db; payments: PaymentsGateway | null; publicUrl: string; readTimeoutMs: number };

/** The CSV export holds at most this many rows (the newest). */
export const CREDITS_EXPORT_LIMIT = 10_000;

const actorNameOf = (row: CreditEntryListRow): string | null =>
  row.actorId === null ? null : displayName({ firstName: row.actorFirstName, lastName: row.actorLastName, name: row.actorName, email: row.actorEmail }) || null;

function presentEntry(row: CreditEntryListRow): CreditEntry {
  return {
    id: row.id,
    kind: row.kind,
    credits: row.credits,
    balanceAfter: row.balanceAfter,
    reason: row.reason,
    actorName: actorNameOf(row),
    serviceOrderId: row.serviceOrderId,
    projectId: row.projectId,
    amountCents: row.amountCents,
    createdAt: row.createdAt.toISOString(),
  };
}

function packById(id: BuyCreditsInput['pack']) {
  const pack = CREDIT_PACKS.find((candidate) => candidate.id === id);
  if (!pack) throw AppError.badRequest('Choose one of the credit packs.');
  return pack;
}

const filtersOf = (query: CreditEntryFilters): CreditEntryFilters => ({ kind: query.kind, from: query.from, to: query.to });

function assertRange(filters: CreditEntryFilters): void {
  if (filters.from && filters.to && filters.from > filters.to) throw AppError.badRequest('The "from" date must be on or before the "to" date.');
}

/**
 * The company's credits: the balance (the sum of its ledger), the packs on sale, the ledger's rows
 * and buying a pack. Every member reads; owners and platform admins buy. Without a payment provider
 * (test mode) a purchase completes at once, charging nothing; with Stripe it starts a Checkout, and
 * the webhook credits the pack once it is paid.
 */
export function createCreditsService({ db, payments, publicUrl, readTimeoutMs }: CreditsServiceDeps) {
  async function summary(actor: Actor, tenant: Tenant): Promise<CreditSummary> {
    return {
      balance: await creditBalance(db, tenant.companyId),
      packs: CREDIT_PACKS.map((pack) => ({ id: pack.id, credits: pack.credits, priceCents: pack.priceCents })),
      mode: payments ? 'stripe' : 'test',
      canBuy: canPay(actor, tenant),
    };
  }

  /** One page of the ledger, newest first, with how many rows match. */
  async function entries(tenant: Tenant, query: CreditEntriesQuery): Promise<CreditEntriesPage> {
    const filters = filtersOf(query);
    assertRange(filters);
    const [rows, total] = await Promise.all([
      listCreditEntries(db, tenant.companyId, filters, query.pageSize, (query.page - 1) * query.pageSize),
      countCreditEntries(db, tenant.companyId, filters),
    ]);
    return { entries: rows.map(presentEntry), total, page: query.page, pageSize: query.pageSize };
  }

  /**
   * Every matching ledger row (up to the export limit, newest first) as a CSV file named after the
   * company and the day: under the statement timeout, one export per user (two per company) at a time.
   */
  async function exportCsv(actor: Actor, tenant: Tenant, query: CreditEntryFilters, now = new Date()): Promise<CsvFile> {
    const filters = filtersOf(query);
    assertRange(filters);
    const limits = { timeoutMs: readTimeoutMs, kind: 'credits-csv', userId: actor.userId, companyId: tenant.companyId };
    const [company, rows] = await withStatementTimeout(
      db,
      limits,
      async (tx) => [await findBillingRow(tx, tenant.companyId), await listCreditEntries(tx, tenant.companyId, filters, CREDITS_EXPORT_LIMIT)] as const,
    );
    if (!company) throw AppError.notFound('Company not found');
    const body = creditsCsv(
      rows.map((row) => ({
        createdAt: row.createdAt,
        kind: row.kind,
        credits: row.credits,
        balanceAfter: row.balanceAfter,
        reason: row.reason,
        by: actorNameOf(row),
        project: row.projectTitle,
      })),
    );
    return { fileName: creditsCsvFileName(company.name, now), body };
  }

  /**
   * Buys a credit pack (owners and platform admins; 403 NOT_PAYER for anyone else). Test mode: the
   * checkout row (complete at once) and the purchase's ledger row are written in one transaction.
   * Stripe: a Checkout Session is started and recorded open; the webhook credits it when paid.
   */
  async function buy(actor: Actor, tenant: Tenant, input: BuyCreditsInput): Promise<BuyCreditsResult> {
    assertCanPay(actor, tenant);
    const pack = packById(input.pack);
    const checkout = {
      companyId: tenant.companyId,
      kind: 'credits' as const,
      pack: pack.id,
      credits: pack.credits,
      amountCents: pack.priceCents,
      createdBy: actor.userId,
    };

    if (!payments) {
      const id = `test_${randomUUID()}`;
      const balance = await db.transaction(async (tx) => {
        await insertCheckoutSession(tx, { ...checkout, id, testMode: true });
        if (!(await completeCheckoutSession(tx, id))) throw new Error('test checkout not completed');
        const entry = await appendCreditEntry(tx, {
          companyId: tenant.companyId,
          kind: 'purchase',
          credits: pack.credits,
          reason: `Bought ${pack.credits} credits (test mode)`,
          actorId: actor.userId,
          checkoutSessionId: id,
        });
        return entry.balanceAfter;
      });
      return { outcome: 'applied', checkoutId: id, checkoutUrl: null, balance };
    }

    const company = await findBillingRow(db, tenant.companyId);
    if (!company) throw AppError.notFound('Company not found');
    const session = await payments.startCheckout({
      mode: 'payment',
      customerId: company.stripeCustomerId,
      customerEmail: actor.email,
      line: {
        name: `Ridgeline credits: ${pack.credits}`,
        description: `${pack.credits} credits for service orders (Xact360, Copy-Over, Supplement360, UGO Assisted) for ${company.name}`,
        amountCents: pack.priceCents,
        recurring: false,
      },
      metadata: { companyId: tenant.companyId, kind: 'credits', pack: pack.id },
      successUrl: `${publicUrl}/credits-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/credits`,
    });
    await insertCheckoutSession(db, { ...checkout, id: session.id, testMode: false });
    return { outcome: 'checkout', checkoutId: session.id, checkoutUrl: session.url, balance: await creditBalance(db, tenant.companyId) };
  }

  return { summary, entries, exportCsv, buy };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
