import { and, asc, count, desc, eq, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { OPEN_FEEDBACK_STATUSES, type FeedbackStatus, type FeedbackType } from '@ridgeline/shared/domain/feedback';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, feedback, feedbackEntries, feedbackScreenshots, user } from '../../infra/db/schema/index';

// Feedback's statements. What a user reads is filtered by their company and by them as its author:
// another user's feedback, in their company or another, is simply not found. Only the platform
// admins' triage (and its actions) reads across companies, by the item's id.

/** Whose feedback: the signed-in user as its author, in their company. */
export type FeedbackOwner = { companyId: string; authorId: string };

/** The item's last reply, the team's or the author's (a correlated subquery on the outer row). */
const lastReplyByTeam = sql<boolean | null>`(select e.by_team from ${feedbackEntries} e
  where e.feedback_id = "feedback"."id" and e.kind = 'reply' order by e.created_at desc, e.id desc limit 1)`;
const replyCount = sql<number>`(select count(*)::int from ${feedbackEntries} e where e.feedback_id = "feedback"."id" and e.kind = 'reply')`;

const itemColumns = {
  id: feedback.id,
  companyId: feedback.companyId,
  companyName: companies.name,
  authorId: feedback.authorId,
  authorFirstName: user.firstName,
  authorLastName: user.lastName,
  authorAccountName: user.name,
  authorEmail: user.email,
  type: feedback.type,
  status: feedback.status,
  source: feedback.source,
  message: feedback.message,
  page: feedback.page,
  appVersion: feedback.appVersion,
  browser: feedback.browser,
  replyCount,
  lastReplyByTeam,
  createdAt: feedback.createdAt,
  updatedAt: feedback.updatedAt,
};

export type FeedbackRow = {
  id: string;
  companyId: string;
  companyName: string;
  authorId: string;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorAccountName: string | null;
  authorEmail: string | null;
  type: string;
  status: string;
  source: string;
  message: string;
  page: string | null;
  appVersion: string | null;
  browser: string | null;
  replyCount: number;
  lastReplyByTeam: boolean | null;
  createdAt: Date;
  updatedAt: Date;
};

function selectItems(db: Db | DbTx, where: SQL | undefined) {
  return db
    .select(itemColumns)
    .from(feedback)
    .innerJoin(companies, eq(companies.id, feedback.companyId))
    .leftJoin(user, eq(user.id, feedback.authorId))
    .where(where);
}

const ownedBy = (owner: FeedbackOwner) => and(eq(feedback.companyId, owner.companyId), eq(feedback.authorId, owner.authorId));

/** The author's own feedback, last changed first. */
export async function listOwnFeedback(db: Db | DbTx, owner: FeedbackOwner, limit: number): Promise<FeedbackRow[]> {
  return selectItems(db, ownedBy(owner)).orderBy(desc(feedback.updatedAt), desc(feedback.id)).limit(limit);
}

/** One item: the author's own (with `owner`), or any company's (null: the platform admins' triage); null when not found. */
export async function findFeedback(db: Db | DbTx, owner: FeedbackOwner | null, id: string): Promise<FeedbackRow | null> {
  const [row] = await selectItems(db, and(eq(feedback.id, id), owner ? ownedBy(owner) : undefined));
  return row ?? null;
}

export type TriageFilter = { status?: FeedbackStatus | 'open'; type?: FeedbackType; companyId?: string };

function triageCondition(filter: TriageFilter): SQL | undefined {
  return and(
    filter.status === 'open' ? inArray(feedback.status, [...OPEN_FEEDBACK_STATUSES]) : filter.status ? eq(feedback.status, filter.status) : undefined,
    filter.type ? eq(feedback.type, filter.type) : undefined,
    filter.companyId ? eq(feedback.companyId, filter.companyId) : undefined,
  );
}

/** The triage list across companies, last changed first, one page of it, with how many match in all. */
export async function listTriage(db: Db | DbTx, filter: TriageFilter, page: number, pageSize: number): Promise<{ rows: FeedbackRow[]; total: number }> {
  const where = triageCondition(filter);
  const [rows, [counted]] = await Promise.all([
    selectItems(db, where)
      .orderBy(desc(feedback.updatedAt), desc(feedback.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(feedback).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every company that has sent feedback, by name. */
export async function listFeedbackCompanies(db: Db | DbTx): Promise<{ id: string; name: string }[]> {
  return db
    .selectDistinct({ id: companies.id, name: companies.name })
    .from(companies)
    .innerJoin(feedback, eq(feedback.companyId, companies.id))
    .orderBy(asc(companies.name), asc(companies.id));
}

/** How many items are open (new, planned, in progress) across companies, and how many of them are new. */
export async function countOpenFeedback(db: Db | DbTx): Promise<{ open: number; new: number }> {
  const [row] = await db
    .select({ open: count(), new: sql<number>`count(*) filter (where ${feedback.status} = 'new')::int` })
    .from(feedback)
    .where(inArray(feedback.status, [...OPEN_FEEDBACK_STATUSES]));
  return { open: row?.open ?? 0, new: row?.new ?? 0 };
}

/** The item, held until the transaction ends (a reply and a status change land one after the other). */
export async function lockFeedback(
  tx: DbTx,
  owner: FeedbackOwner | null,
  id: string,
): Promise<{ id: string; companyId: string; authorId: string; status: string; message: string } | null> {
  const [row] = await tx
    .select({ id: feedback.id, companyId: feedback.companyId, authorId: feedback.authorId, status: feedback.status, message: feedback.message })
    .from(feedback)
    .where(and(eq(feedback.id, id), owner ? ownedBy(owner) : undefined))
    .for('update');
  return row ?? null;
}

/** Moves the item to a status and marks it changed now. */
export async function updateFeedbackStatus(tx: DbTx, id: string, status: FeedbackStatus): Promise<void> {
  await tx
    .update(feedback)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(feedback.id, id));
}

/** Marks the item changed now (a reply). */
export async function touchFeedback(tx: DbTx, id: string): Promise<void> {
  await tx
    .update(feedback)
    .set({ updatedAt: sql`now()` })
    .where(eq(feedback.id, id));
}

export type NewEntry = { feedbackId: string; authorId: string; byTeam: boolean } & (
  { kind: 'reply'; body: string } | { kind: 'status'; status: FeedbackStatus }
);

export async function insertEntry(tx: DbTx, entry: NewEntry): Promise<void> {
  await tx.insert(feedbackEntries).values({
    feedbackId: entry.feedbackId,
    authorId: entry.authorId,
    byTeam: entry.byTeam,
    kind: entry.kind,
    body: entry.kind === 'reply' ? entry.body : null,
    status: entry.kind === 'status' ? entry.status : null,
  });
}

export type EntryRow = {
  id: string;
  kind: string;
  body: string | null;
  status: string | null;
  byTeam: boolean;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorAccountName: string | null;
  authorEmail: string | null;
  createdAt: Date;
};

/** The item's thread, oldest first. */
export async function listEntries(db: Db | DbTx, feedbackId: string): Promise<EntryRow[]> {
  return db
    .select({
      id: feedbackEntries.id,
      kind: feedbackEntries.kind,
      body: feedbackEntries.body,
      status: feedbackEntries.status,
      byTeam: feedbackEntries.byTeam,
      authorFirstName: user.firstName,
      authorLastName: user.lastName,
      authorAccountName: user.name,
      authorEmail: user.email,
      createdAt: feedbackEntries.createdAt,
    })
    .from(feedbackEntries)
    .leftJoin(user, eq(user.id, feedbackEntries.authorId))
    .where(eq(feedbackEntries.feedbackId, feedbackId))
    .orderBy(asc(feedbackEntries.createdAt), asc(feedbackEntries.id));
}

export type NewScreenshot = {
  companyId: string;
  authorId: string;
  draftId: string | null;
  objectPath: string;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
};

export async function insertScreenshot(db: Db | DbTx, screenshot: NewScreenshot): Promise<{ id: string }> {
  const [row] = await db.insert(feedbackScreenshots).values(screenshot).returning({ id: feedbackScreenshots.id });
  if (!row) throw new Error('Screenshot insert returned nothing');
  return row;
}

/**
 * Deletes the author's screenshots still waiting for the draft but `keep`, the one just uploaded for
 * it: a feedback form sends one screenshot, so a newer one supersedes the last. Answers their files.
 */
export async function deleteSupersededScreenshots(tx: DbTx, owner: FeedbackOwner, draftId: string, keep: string): Promise<string[]> {
  const rows = await tx
    .delete(feedbackScreenshots)
    .where(
      and(
        eq(feedbackScreenshots.companyId, owner.companyId),
        eq(feedbackScreenshots.authorId, owner.authorId),
        eq(feedbackScreenshots.draftId, draftId),
        isNull(feedbackScreenshots.feedbackId),
        ne(feedbackScreenshots.id, keep),
      ),
    )
    .returning({ objectPath: feedbackScreenshots.objectPath });
  return rows.map((row) => row.objectPath);
}

/** Gives the author's waiting screenshot to their feedback; false when it is not theirs, not waiting, or gone. */
export async function claimScreenshot(tx: DbTx, owner: FeedbackOwner, screenshotId: string, feedbackId: string): Promise<boolean> {
  const rows = await tx
    .update(feedbackScreenshots)
    .set({ feedbackId })
    .where(
      and(
        eq(feedbackScreenshots.id, screenshotId),
        eq(feedbackScreenshots.companyId, owner.companyId),
        eq(feedbackScreenshots.authorId, owner.authorId),
        isNull(feedbackScreenshots.feedbackId),
      ),
    )
    .returning({ id: feedbackScreenshots.id });
  return rows.length > 0;
}

/** The screenshot sent with an item, or null. */
export async function findItemScreenshot(
  db: Db | DbTx,
  feedbackId: string,
): Promise<{ objectPath: string; contentType: string; width: number; height: number } | null> {
  const [row] = await db
    .select({
      objectPath: feedbackScreenshots.objectPath,
      contentType: feedbackScreenshots.contentType,
      width: feedbackScreenshots.width,
      height: feedbackScreenshots.height,
    })
    .from(feedbackScreenshots)
    .where(eq(feedbackScreenshots.feedbackId, feedbackId));
  return row ?? null;
}

/** Screenshots still waiting that were uploaded before `before`, oldest first, at most `limit`. */
export async function listUnsentScreenshots(db: Db | DbTx, before: Date, limit: number): Promise<{ id: string; objectPath: string }[]> {
  return db
    .select({ id: feedbackScreenshots.id, objectPath: feedbackScreenshots.objectPath })
    .from(feedbackScreenshots)
    .where(and(isNull(feedbackScreenshots.feedbackId), lt(feedbackScreenshots.createdAt, before)))
    .orderBy(asc(feedbackScreenshots.createdAt))
    .limit(limit);
}

/** Deletes a screenshot row if it is still waiting; false when it was sent meanwhile (it stays). */
export async function deleteUnsentScreenshot(db: Db | DbTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(feedbackScreenshots)
    .where(and(eq(feedbackScreenshots.id, id), isNull(feedbackScreenshots.feedbackId)))
    .returning({ id: feedbackScreenshots.id });
  return rows.length > 0;
}
