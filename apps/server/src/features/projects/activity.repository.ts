import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import type { NewActivity } from '../../data/project-activity';
import { projectActivity, user } from '../../infra/db/schema/index';

/** Records one activity row and returns it (a note added by hand is answered with its entry). */
export async function insertActivityReturning(tx: DbTx, row: NewActivity): Promise<typeof projectActivity.$inferSelect> {
  const [inserted] = await tx.insert(projectActivity).values(row).returning();
  if (!inserted) throw new Error('Activity insert returned nothing');
  return inserted;
}

const entryColumns = {
  id: projectActivity.id,
  projectId: projectActivity.projectId,
  kind: projectActivity.kind,
  field: projectActivity.field,
  oldValue: projectActivity.oldValue,
  newValue: projectActivity.newValue,
  body: projectActivity.body,
  createdAt: projectActivity.createdAt,
  actorId: projectActivity.actorId,
  actorFirstName: user.firstName,
  actorLastName: user.lastName,
  actorName: user.name,
  actorEmail: user.email,
};

/**
 * A project's timeline, newest first, with the actor's name columns; only within the company. With a
 * field, only the rows about that field (its history: field changes, or status changes for 'status').
 */
export async function listActivity(db: Db | DbTx, companyId: string, projectId: string, options: { field?: string | undefined; limit: number }) {
  return db
    .select(entryColumns)
    .from(projectActivity)
    .leftJoin(user, eq(user.id, projectActivity.actorId))
    .where(
      and(
        eq(projectActivity.companyId, companyId),
        eq(projectActivity.projectId, projectId),
        options.field === undefined ? undefined : eq(projectActivity.field, options.field),
      ),
    )
    .orderBy(desc(projectActivity.createdAt), desc(projectActivity.id))
    .limit(options.limit);
}

export type ActivityRow = Awaited<ReturnType<typeof listActivity>>[number];

/** One activity entry with its actor's name columns, only within the company. */
export async function findActivityEntry(db: Db | DbTx, companyId: string, id: string): Promise<ActivityRow | null> {
  const [row] = await db
    .select(entryColumns)
    .from(projectActivity)
    .leftJoin(user, eq(user.id, projectActivity.actorId))
    .where(and(eq(projectActivity.companyId, companyId), eq(projectActivity.id, id)));
  return row ?? null;
}
