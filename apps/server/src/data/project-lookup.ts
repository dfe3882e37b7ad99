import { and, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../infra/db/client';
import { projects, proposals } from '../infra/db/schema/index';

// Several features take a project id from a request (tasks and files, photos, measurements and
// estimates, a claim file's chat thread, proposals and share links) and must find it in the
// caller's company only: these are the queries that check it.

/** Whether the project exists in the company (another company's project is as good as missing). */
export async function projectExists(db: Db | DbTx, companyId: string, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row !== undefined;
}

/**
 * The property and homeowner of a project of the company (a proposal's title, a share page's
 * header, where a signed proposal is sent), or null: another company's project is as good as missing.
 */
export async function findProjectAddress(db: Db | DbTx, companyId: string, projectId: string) {
  const [row] = await db
    .select({
      id: projects.id,
      street: projects.street,
      city: projects.city,
      state: projects.state,
      zip: projects.zip,
      homeownerName: projects.homeownerName,
      homeownerEmail: projects.homeownerEmail,
    })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row ?? null;
}

/** Whether the homeowner has signed a proposal of the company's claim file (its status moves, decision 042). */
export async function hasSignedProposal(db: Db | DbTx, companyId: string, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.companyId, companyId), eq(proposals.projectId, projectId), eq(proposals.status, 'signed')))
    .limit(1);
  return row !== undefined;
}
