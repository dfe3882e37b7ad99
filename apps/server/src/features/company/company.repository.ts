import { eq } from 'drizzle-orm';
import { DEFAULT_PIPELINE } from '@ridgeline/shared/domain/pipeline';
import type { PlanId } from '@ridgeline/shared/domain/plans';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, members, projectStatuses } from '../../infra/db/schema/index';

export type CompanyRow = typeof companies.$inferSelect;

/** Creates a company and makes the user its owner, in the caller's transaction. */
export async function insertCompanyWithOwner(
  tx: DbTx,
  input: { name: string; phone: string | null; plan?: PlanId | undefined; timeZone?: string | null; userId: string; trialEndsAt: Date },
): Promise<CompanyRow> {
  const [company] = await tx
    .insert(companies)
    .values({
      name: input.name,
      phone: input.phone,
      timeZone: input.timeZone ?? null,
      trialEndsAt: input.trialEndsAt,
      ...(input.plan ? { plan: input.plan } : {}),
    })
    .returning();
  if (!company) throw new Error('Company insert returned nothing');
  await tx.insert(members).values({ companyId: company.id, userId: input.userId, role: 'owner' });
  // Every company starts with the default status pipeline, which it may then rename, reorder and extend.
  await tx
    .insert(projectStatuses)
    .values(DEFAULT_PIPELINE.map((status, position) => ({ companyId: company.id, key: status.key, name: status.name, position, isClosed: status.isClosed })));
  return company;
}

/** The user's membership (one company per user), if any. */
export async function findMembership(db: Db | DbTx, userId: string) {
  const [row] = await db
    .select({ companyId: members.companyId, role: members.role, companyName: companies.name })
    .from(members)
    .innerJoin(companies, eq(companies.id, members.companyId))
    .where(eq(members.userId, userId));
  return row ?? null;
}

/** One company by id. */
export async function findCompany(db: Db | DbTx, companyId: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

/** Updates the company's profile fields. */
export async function updateCompany(
  db: Db | DbTx,
  companyId: string,
  patch: Partial<
    Pick<
      CompanyRow,
      | 'name'
      | 'phone'
      | 'address'
      | 'logoPath'
      | 'hailHitThreshold'
      | 'timeZone'
      | 'statusMoves'
      | 'jurisdictionState'
      | 'iceBarrierAtEaves'
      | 'iceBarrierEaveFt'
    >
  >,
): Promise<CompanyRow | null> {
  const [row] = await db
    .update(companies)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning();
  return row ?? null;
}
