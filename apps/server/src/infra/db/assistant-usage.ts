import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, DbTx } from './client';
import { assistantMessages, assistantVisionUses, companies } from './schema/index';

// The company's daily assistant limit, shared by the assistant's answers and Shingle ID's
// suggestions from a photo: both count, per UTC day, against the one limit; the count and the write
// of a new use happen under the company's lock, one at a time.

const dayStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The company's assistant uses today (UTC): the provider's or built-in answers, and suggestions from a photo. */
export async function countAssistantUsesToday(db: Db | DbTx, companyId: string, now: Date): Promise<number> {
  const dayStart = dayStartOf(now);
  const [answers] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assistantMessages)
    .where(and(eq(assistantMessages.companyId, companyId), eq(assistantMessages.role, 'assistant'), gte(assistantMessages.createdAt, dayStart)));
  const [vision] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assistantVisionUses)
    .where(and(eq(assistantVisionUses.companyId, companyId), gte(assistantVisionUses.createdAt, dayStart)));
  return (answers?.n ?? 0) + (vision?.n ?? 0);
}

/** Holds the company's assistant lock until the transaction ends: the daily count and a use's write happen one at a time. */
export async function lockAssistantUses(tx: DbTx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`assistant-answers:${companyId}`}))`);
}

/** Whether the company lets the provider answer, and its daily limit (null: the configured default). */
export async function readAssistantAllowance(db: Db | DbTx, companyId: string): Promise<{ providerEnabled: boolean; dailyLimit: number | null } | null> {
  const [row] = await db
    .select({ providerEnabled: companies.assistantProviderEnabled, dailyLimit: companies.assistantDailyLimit })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

export async function insertVisionUse(tx: DbTx, row: { companyId: string; userId: string; model: string | null }): Promise<void> {
  await tx.insert(assistantVisionUses).values(row);
}
