import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { appSettings, tutorials } from '../../infra/db/schema/index';

// Tutorials are platform-wide (no company owns them), so no query here filters by company.

export type TutorialRow = typeof tutorials.$inferSelect;
export type NewTutorial = { pageRoute: string; title: string; description: string | null; embedCode: string | null; guide: string | null; isActive: boolean };
export type TutorialPatch = Partial<NewTutorial>;

/** Active tutorials on any of the given routes, oldest first. */
export async function listActiveOnRoutes(db: Db | DbTx, routes: string[]): Promise<TutorialRow[]> {
  return db
    .select()
    .from(tutorials)
    .where(and(inArray(tutorials.pageRoute, routes), eq(tutorials.isActive, true)))
    .orderBy(asc(tutorials.createdAt));
}

/** Every tutorial (or only the active ones) by route, oldest first. */
export async function listTutorialRows(db: Db | DbTx, includeInactive: boolean): Promise<TutorialRow[]> {
  return db
    .select()
    .from(tutorials)
    .where(includeInactive ? undefined : eq(tutorials.isActive, true))
    .orderBy(asc(tutorials.pageRoute), asc(tutorials.createdAt));
}

/** Every tutorial on any of the given routes, active or not. */
export async function listOnRoutes(db: Db | DbTx, routes: string[]): Promise<TutorialRow[]> {
  return db.select().from(tutorials).where(inArray(tutorials.pageRoute, routes));
}

/** One tutorial by id, locked until the transaction ends; null when none has it. */
export async function lockTutorialRow(tx: DbTx, id: string): Promise<TutorialRow | null> {
  const [row] = await tx.select().from(tutorials).where(eq(tutorials.id, id)).for('update');
  return row ?? null;
}

export async function insertTutorials(db: Db | DbTx, rows: NewTutorial[]): Promise<TutorialRow[]> {
  return db.insert(tutorials).values(rows).returning();
}

/** Applies the patch; null when no tutorial has this id. */
export async function updateTutorialRow(db: Db | DbTx, id: string, patch: TutorialPatch): Promise<TutorialRow | null> {
  const [row] = await db
    .update(tutorials)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(tutorials.id, id))
    .returning();
  return row ?? null;
}

/** Claims a one-time setting key; true only for the first caller (several instances may start together). */
export async function claimSettingOnce(tx: DbTx, key: string): Promise<boolean> {
  const [claimed] = await tx
    .insert(appSettings)
    .values({ key, value: { at: new Date().toISOString() } })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  return claimed !== undefined;
}
