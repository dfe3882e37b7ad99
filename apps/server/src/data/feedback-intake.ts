import type { FeedbackSource, FeedbackType } from '@ridgeline/shared/domain/feedback';
import { and, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../infra/db/client';
import { feedback } from '../infra/db/schema/index';

// Feedback arrives in the team's triage list through this one insert: what a user sends from
// /feedback (the feedback feature), and any other feature that files feedback for a user. The
// assistant files each answer a user rates wrong here, in the transaction that stores the rating:
// source 'assistant', type 'problem', the rating's id as `sourceRef` (filed once however often it is
// sent), the user as author in their company, the question and the answer in the message, and the
// page the assistant was opened on. It then reads, triages and notifies like any other feedback.

export type FeedbackIntake = {
  companyId: string;
  authorId: string;
  type: FeedbackType;
  message: string;
  page?: string | null;
  appVersion?: string | null;
  browser?: string | null;
  source: FeedbackSource;
  /** What it was filed from in its source (the assistant's rating id); one item per source and reference. */
  sourceRef?: string | null;
};

/** Files a piece of feedback as new; answers its id, and whether it was written now (false: the reference was filed before). */
export async function intakeFeedback(db: Db | DbTx, item: FeedbackIntake): Promise<{ id: string; created: boolean }> {
  const [row] = await db
    .insert(feedback)
    .values({
      companyId: item.companyId,
      authorId: item.authorId,
      type: item.type,
      message: item.message,
      page: item.page ?? null,
      appVersion: item.appVersion ?? null,
      browser: item.browser ?? null,
      source: item.source,
      sourceRef: item.sourceRef ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: feedback.id });
  if (row) return { id: row.id, created: true };
  if (!item.sourceRef) throw new Error('The feedback was not written');
  const [existing] = await db
    .select({ id: feedback.id })
    .from(feedback)
    .where(and(eq(feedback.source, item.source), eq(feedback.sourceRef, item.sourceRef)));
  if (!existing) throw new Error('The feedback was not written');
  return { id: existing.id, created: false };
}
