import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { AppError } from '../lib/app-error';
import type { Db, DbTx } from '../infra/db/client';
import { assistantUses, companies, type AssistantUseKind } from '../infra/db/schema/index';

// The company's daily assistant limit, shared by the assistant's answers and Shingle ID's
// suggestions from a photo: both count, per UTC day, against the one limit. A use is reserved before
// the provider is asked (or a built-in answer made), under the company's lock, counting the uses
// reserved and settled alike, so requests at once never pass the limit: with one use left, exactly
// one of them goes on. It is settled when the call ends, whatever the answer became (saved, stopped,
// cut off), because the provider was called; it is given back only when the provider refused or
// could not be reached before it answered (see docs/decisions/033-assistant-uses.md).

/** A reserved use: settle it or give it back once the call ends. */
export type AssistantUse = { id: string; companyId: string };

/**
 * How long an unsettled answer keeps its conversation from another question. An answer ends (and
 * settles) long before this; a reservation this old was left by a server stopped mid-answer, and
 * must not block the conversation for the rest of the day (it still counts).
 */
export const UNSETTLED_ANSWER_HOLD_MS = 10 * 60_000;

const dayStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The company's assistant uses today (UTC): answers and suggestions from a photo, reserved or settled. */
export async function countAssistantUsesToday(db: Db | DbTx, companyId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assistantUses)
    .where(and(eq(assistantUses.companyId, companyId), gte(assistantUses.createdAt, dayStartOf(now))));
  return row?.n ?? 0;
}

/** Whether an answer is being written in the conversation now (reserved, not settled, not left behind). */
async function answerInFlight(tx: DbTx, companyId: string, conversationId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: assistantUses.id })
    .from(assistantUses)
    .where(
      and(
        eq(assistantUses.companyId, companyId),
        eq(assistantUses.conversationId, conversationId),
        isNull(assistantUses.settledAt),
        gt(assistantUses.createdAt, new Date(now.getTime() - UNSETTLED_ANSWER_HOLD_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type UseRequest = {
  companyId: string;
  userId: string;
  kind: AssistantUseKind;
  /** An answer's conversation, which takes one question at a time; null for a photo. */
  conversationId: string | null;
  dailyLimit: number;
  now: Date;
};

/**
 * Reserves one use of the company's day, in a transaction of its own holding the company's lock, so
 * the count and the reservation happen one request at a time. Refuses with 429 at the limit, and
 * with 409 while the conversation's previous answer is being written.
 */
export async function reserveAssistantUse(db: Db, use: UseRequest): Promise<AssistantUse> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`assistant-answers:${use.companyId}`}))`);
    if ((await countAssistantUsesToday(tx, use.companyId, use.now)) >= use.dailyLimit) {
      throw new AppError(
        'ASSISTANT_DAILY_LIMIT',
        `Your company has used all ${use.dailyLimit} of today's assistant answers. The count starts again at midnight UTC; an owner can raise the limit in Settings.`,
      );
    }
    if (use.conversationId && (await answerInFlight(tx, use.companyId, use.conversationId, use.now))) throw new AppError('ASSISTANT_BUSY');
    const [row] = await tx
      .insert(assistantUses)
      .values({ companyId: use.companyId, userId: use.userId, kind: use.kind, conversationId: use.conversationId })
      .returning({ id: assistantUses.id });
    if (!row) throw new Error('The assistant use was not written');
    return { id: row.id, companyId: use.companyId };
  });
}

/**
 * Ends a reserved use: settled (it counts, with the model that answered, if any), or given back
 * (deleted: the provider refused or could not be reached before it answered, or nothing was asked).
 */
export async function endAssistantUse(db: Db | DbTx, use: AssistantUse, outcome: { counts: boolean; model: string | null }): Promise<void> {
  const where = and(eq(assistantUses.companyId, use.companyId), eq(assistantUses.id, use.id));
  if (outcome.counts)
    await db
      .update(assistantUses)
      .set({ settledAt: sql`now()`, model: outcome.model })
      .where(where);
  else await db.delete(assistantUses).where(where);
}

/** Whether the company lets the provider answer, and its daily limit (null: the configured default). */
export async function readAssistantAllowance(db: Db | DbTx, companyId: string): Promise<{ providerEnabled: boolean; dailyLimit: number | null } | null> {
  const [row] = await db
    .select({ providerEnabled: companies.assistantProviderEnabled, dailyLimit: companies.assistantDailyLimit })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}
