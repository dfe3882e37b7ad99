import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CodeEdition, Confidence, PassageTopic } from '@ridgeline/shared/domain/assistant';
import { claimFileFactColumns } from '../../data/project-summary';
import type { Db, DbTx } from '../../infra/db/client';
import {
  adjusters,
  assistantConversations,
  assistantMessages,
  carriers,
  companies,
  estimates,
  inspectionPhotos,
  inspectionSessions,
  knowledgePassages,
  projectActivity,
  projectFiles,
  projectStatuses,
  projects,
  reports,
  roofMeasurements,
} from '../../infra/db/schema/index';

// Every statement of the assistant. The knowledge base is shared by all companies (platform admins
// keep it); everything else filters by company_id, and a conversation also by its user.

export type PassageRow = {
  id: string;
  slug: string;
  topic: PassageTopic;
  section: string;
  title: string;
  body: string;
  source: string;
  editionNote: string;
  editions: CodeEdition[];
  confidence: Confidence;
  keywords: string;
  retiredAt: Date | null;
};

const passageColumns = {
  id: knowledgePassages.id,
  slug: knowledgePassages.slug,
  topic: knowledgePassages.topic,
  section: knowledgePassages.section,
  title: knowledgePassages.title,
  body: knowledgePassages.body,
  source: knowledgePassages.source,
  editionNote: knowledgePassages.editionNote,
  editions: knowledgePassages.editions,
  confidence: knowledgePassages.confidence,
  keywords: knowledgePassages.keywords,
  retiredAt: knowledgePassages.retiredAt,
};

/**
 * The live passages that best match the question under the adopted edition, best first. The question's
 * words become an OR query (plainto_tsquery's AND turned into OR: a question rarely repeats every word
 * of a passage), ranked by ts_rank over the weighted document (section, title, keywords above body).
 */
export async function searchPassages(db: Db | DbTx, question: string, edition: string, limit: number): Promise<(PassageRow & { rank: number })[]> {
  const query = sql`replace(plainto_tsquery('english', ${question})::text, '&', '|')::tsquery`;
  return db
    .select({ ...passageColumns, rank: sql<number>`ts_rank(${knowledgePassages.search}, ${query})` })
    .from(knowledgePassages)
    .where(
      and(
        isNull(knowledgePassages.retiredAt),
        sql`${knowledgePassages.search} @@ ${query}`,
        sql`(cardinality(${knowledgePassages.editions}) = 0 or ${edition} = any(${knowledgePassages.editions}))`,
      ),
    )
    .orderBy(desc(sql`ts_rank(${knowledgePassages.search}, ${query})`), asc(knowledgePassages.slug))
    .limit(limit);
}

/** The live passages of these slugs (retired ones are not found). */
export async function livePassagesBySlug(db: Db | DbTx, slugs: readonly string[]): Promise<PassageRow[]> {
  if (slugs.length === 0) return [];
  return db
    .select(passageColumns)
    .from(knowledgePassages)
    .where(and(isNull(knowledgePassages.retiredAt), inArray(knowledgePassages.slug, [...slugs])));
}

/** Every passage for the admins' list, newest change first; retired ones only when asked. */
export async function listPassages(db: Db | DbTx, includeRetired: boolean): Promise<PassageRow[]> {
  return db
    .select(passageColumns)
    .from(knowledgePassages)
    .where(includeRetired ? undefined : isNull(knowledgePassages.retiredAt))
    .orderBy(asc(knowledgePassages.topic), asc(knowledgePassages.section), asc(knowledgePassages.slug));
}

export type PassageFields = Omit<PassageRow, 'id' | 'retiredAt'>;

/** Adds a passage; null when the slug is taken. */
export async function insertPassage(db: Db | DbTx, fields: PassageFields): Promise<PassageRow | null> {
  const [row] = await db.insert(knowledgePassages).values(fields).onConflictDoNothing().returning(passageColumns);
  return row ?? null;
}

export async function updatePassage(db: Db | DbTx, id: string, patch: Partial<PassageFields> & { retiredAt?: Date | null }): Promise<PassageRow | null> {
  const [row] = await db
    .update(knowledgePassages)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(knowledgePassages.id, id))
    .returning(passageColumns);
  return row ?? null;
}

export type AssistantSettingsRow = { codeEdition: CodeEdition; providerEnabled: boolean; dailyLimit: number | null };

export async function readSettings(db: Db | DbTx, companyId: string): Promise<AssistantSettingsRow | null> {
  const [row] = await db
    .select({ codeEdition: companies.codeEdition, providerEnabled: companies.assistantProviderEnabled, dailyLimit: companies.assistantDailyLimit })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

export async function writeSettings(db: Db | DbTx, companyId: string, patch: Partial<AssistantSettingsRow>): Promise<void> {
  await db
    .update(companies)
    .set({
      ...(patch.codeEdition !== undefined ? { codeEdition: patch.codeEdition } : {}),
      ...(patch.providerEnabled !== undefined ? { assistantProviderEnabled: patch.providerEnabled } : {}),
      ...(patch.dailyLimit !== undefined ? { assistantDailyLimit: patch.dailyLimit } : {}),
    })
    .where(eq(companies.id, companyId));
}

/** The user's conversation (general with a null project, or of one claim file), made on first use. */
export async function conversationOf(db: Db | DbTx, companyId: string, userId: string, projectId: string | null): Promise<{ id: string }> {
  const where = and(
    eq(assistantConversations.companyId, companyId),
    eq(assistantConversations.userId, userId),
    projectId ? eq(assistantConversations.projectId, projectId) : isNull(assistantConversations.projectId),
  );
  const [found] = await db.select({ id: assistantConversations.id }).from(assistantConversations).where(where);
  if (found) return found;
  await db.insert(assistantConversations).values({ companyId, userId, projectId }).onConflictDoNothing();
  const [made] = await db.select({ id: assistantConversations.id }).from(assistantConversations).where(where);
  if (!made) throw new Error('The assistant conversation was not written');
  return made;
}

export type MessageRow = typeof assistantMessages.$inferSelect;

/** The conversation's newest turns, oldest first. */
export async function listMessages(db: Db | DbTx, companyId: string, conversationId: string, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(assistantMessages)
    .where(and(eq(assistantMessages.companyId, companyId), eq(assistantMessages.conversationId, conversationId)))
    .orderBy(desc(assistantMessages.createdAt), desc(assistantMessages.role))
    .limit(limit);
  return rows.reverse();
}

export type NewTurn = typeof assistantMessages.$inferInsert;

/** Writes the question and its answer together (one transaction is the caller's), and gives both back as written. */
export async function insertTurn(tx: DbTx, question: NewTurn, answer: NewTurn): Promise<{ question: MessageRow; answer: MessageRow }> {
  const [q] = await tx.insert(assistantMessages).values(question).returning();
  // The answer is written a moment after its question, so the two keep their order in the thread.
  const [a] = await tx
    .insert(assistantMessages)
    .values({ ...answer, createdAt: sql`clock_timestamp()` })
    .returning();
  if (!q || !a) throw new Error('The assistant turn was not written');
  await tx.update(assistantConversations).set({ updatedAt: new Date() }).where(eq(assistantConversations.id, question.conversationId));
  return { question: q, answer: a };
}

/** An answer of the user's own conversations in the company, with the question before it. */
export async function findOwnAnswer(
  db: Db | DbTx,
  companyId: string,
  userId: string,
  messageId: string,
): Promise<{ answer: MessageRow; projectId: string | null } | null> {
  const [row] = await db
    .select({ answer: assistantMessages, projectId: assistantConversations.projectId })
    .from(assistantMessages)
    .innerJoin(assistantConversations, eq(assistantConversations.id, assistantMessages.conversationId))
    .where(
      and(
        eq(assistantMessages.companyId, companyId),
        eq(assistantMessages.id, messageId),
        eq(assistantMessages.role, 'assistant'),
        eq(assistantConversations.userId, userId),
      ),
    );
  return row ?? null;
}

export async function questionBefore(db: Db | DbTx, answer: MessageRow): Promise<string | null> {
  const [row] = await db
    .select({ content: assistantMessages.content })
    .from(assistantMessages)
    .where(
      and(
        eq(assistantMessages.conversationId, answer.conversationId),
        eq(assistantMessages.role, 'user'),
        sql`${assistantMessages.createdAt} <= ${answer.createdAt}`,
      ),
    )
    .orderBy(desc(assistantMessages.createdAt))
    .limit(1);
  return row?.content ?? null;
}

export async function setRating(db: Db | DbTx, companyId: string, messageId: string, rating: 'helpful' | 'wrong', note: string | null): Promise<void> {
  await db
    .update(assistantMessages)
    .set({ rating, ratingNote: note })
    .where(and(eq(assistantMessages.companyId, companyId), eq(assistantMessages.id, messageId)));
}

// The claim file's records, read for its context. Each read filters by the company.

export async function findClaimFile(db: Db | DbTx, companyId: string, projectId: string) {
  const [row] = await db
    .select({
      ...claimFileFactColumns,
      deductibleCents: projects.deductibleCents,
      rcvCents: projects.rcvCents,
      acvCents: projects.acvCents,
      status: projectStatuses.name,
      statusKey: projectStatuses.key,
      statusClosed: projectStatuses.isClosed,
    })
    .from(projects)
    .leftJoin(carriers, and(eq(carriers.id, projects.carrierId), eq(carriers.companyId, projects.companyId)))
    .leftJoin(adjusters, and(eq(adjusters.id, projects.adjusterId), eq(adjusters.companyId, projects.companyId)))
    .leftJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row ?? null;
}

export async function claimSessions(db: Db | DbTx, companyId: string, projectId: string) {
  return db
    .select({
      id: inspectionSessions.id,
      status: inspectionSessions.status,
      structures: inspectionSessions.structures,
      notes: inspectionSessions.notes,
      createdAt: inspectionSessions.createdAt,
    })
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.projectId, projectId)))
    .orderBy(asc(inspectionSessions.createdAt));
}

export async function claimPhotos(db: Db | DbTx, companyId: string, projectId: string) {
  return db
    .select({
      id: inspectionPhotos.id,
      category: inspectionPhotos.category,
      subcategory: inspectionPhotos.subcategory,
      phase: inspectionPhotos.phase,
      structureId: inspectionPhotos.structureId,
    })
    .from(inspectionPhotos)
    .where(and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.projectId, projectId), isNull(inspectionPhotos.deletedAt)));
}

export async function claimMeasurements(db: Db | DbTx, companyId: string, projectId: string) {
  return (
    db
      .select({
        id: roofMeasurements.id,
        label: roofMeasurements.label,
        structures: roofMeasurements.structures,
        trueAreaSqFt: roofMeasurements.trueAreaSqFt,
        squaresHundredths: roofMeasurements.squaresHundredths,
      })
      .from(roofMeasurements)
      // One record per roof: one superseded by the roof's record (decision 041) is not cited.
      .where(and(eq(roofMeasurements.companyId, companyId), eq(roofMeasurements.projectId, projectId), isNull(roofMeasurements.supersededBy)))
      .orderBy(desc(roofMeasurements.updatedAt))
      .limit(5)
  );
}

/** The claim file's newest estimate (highest version of its newest session). */
export async function claimEstimate(db: Db | DbTx, companyId: string, projectId: string) {
  const [row] = await db
    .select({
      id: estimates.id,
      version: estimates.version,
      supplement: estimates.supplement,
      rcvCents: estimates.rcvCents,
      acvCents: estimates.acvCents,
      sessionId: estimates.sessionId,
    })
    .from(estimates)
    .where(and(eq(estimates.companyId, companyId), eq(estimates.projectId, projectId)))
    .orderBy(desc(estimates.updatedAt), desc(estimates.version))
    .limit(1);
  return row ?? null;
}

export async function claimFiles(db: Db | DbTx, companyId: string, projectId: string) {
  return db
    .select({ id: projectFiles.id, fileName: projectFiles.fileName })
    .from(projectFiles)
    .where(and(eq(projectFiles.companyId, companyId), eq(projectFiles.projectId, projectId)))
    .orderBy(desc(projectFiles.createdAt))
    .limit(30);
}

export async function claimReports(db: Db | DbTx, companyId: string, projectId: string) {
  return db
    .select({ id: reports.id, kind: reports.kind, title: reports.title, status: reports.status })
    .from(reports)
    .where(and(eq(reports.companyId, companyId), eq(reports.projectId, projectId)))
    .orderBy(desc(reports.createdAt))
    .limit(20);
}

export async function claimActivity(db: Db | DbTx, companyId: string, projectId: string) {
  return db
    .select({
      id: projectActivity.id,
      kind: projectActivity.kind,
      field: projectActivity.field,
      newValue: projectActivity.newValue,
      body: projectActivity.body,
      createdAt: projectActivity.createdAt,
    })
    .from(projectActivity)
    .where(and(eq(projectActivity.companyId, companyId), eq(projectActivity.projectId, projectId)))
    .orderBy(desc(projectActivity.createdAt))
    .limit(15);
}
