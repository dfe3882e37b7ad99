import { and, eq } from 'drizzle-orm';
import type { Db, DbTx } from './client';
import { projects } from './schema/index';

// Several features take a project id from a request (tasks and files, photos, measurements and
// estimates, a claim file's chat thread) and must find it in the caller's company only: this is the
// one query that checks it.

/** Whether the project exists in the company (another company's project is as good as missing). */
export async function projectExists(db: Db | DbTx, companyId: string, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row !== undefined;
}
