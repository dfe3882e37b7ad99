import { and, asc, count, desc, eq, fillPlaceholders, ilike, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PROJECT_SORTS, PROJECT_STATES } from '@ridgeline/shared/contracts/projects';
import type { LossType } from '@ridgeline/shared/domain/loss-types';
import type { Db, DbTx } from '../../infra/db/client';
import { projectSummaryColumns } from '../../data/project-summary';
import { adjusters, carriers, companies, members, projects, projectStatuses, user } from '../../infra/db/schema/index';

// Every statement on claim files filters by company_id first: the company's indexes lead with it, and
// another company's row is never read, changed or counted.

export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = Omit<typeof projects.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ProjectPatch = Partial<Omit<NewProjectRow, 'companyId' | 'createdBy'>>;

/** The filters, sort and page of the project list (the parsed list query). */
export type ProjectListFilters = {
  q?: string | undefined;
  statusId?: string | undefined;
  assigneeId?: string | undefined;
  carrierId?: string | undefined;
  lossType?: LossType | undefined;
  state: (typeof PROJECT_STATES)[number];
  sort: (typeof PROJECT_SORTS)[number];
  dir: 'asc' | 'desc';
};
export type ProjectListPage = ProjectListFilters & { page: number; pageSize: number };

const assignee = alias(user, 'assignee');
const creator = alias(user, 'creator');

/** A person's name columns, for displayName. */
const userName = { id: user.id, firstName: user.firstName, lastName: user.lastName, name: user.name, email: user.email };
const assigneeName = { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName, name: assignee.name, email: assignee.email };
const creatorName = { id: creator.id, firstName: creator.firstName, lastName: creator.lastName, name: creator.name, email: creator.email };

/** A LIKE pattern matching the term anywhere, with %, _ and \ taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The carrier of a listed project, read from the company's own directory (its index leads with company_id). */
const carrierOfProject = (companyId: string) => and(eq(carriers.companyId, companyId), eq(carriers.id, projects.carrierId));

/**
 * The list's filters as one condition, company first. With `placeholders`, each filter's value is the
 * placeholder its field names (the prepared list statement); otherwise the values themselves.
 */
function listWhere(companyId: string | SQLWrapper, filters: ProjectListFilters, placeholders = false): SQL | undefined {
  const value = (field: string): string | SQLWrapper => (placeholders ? sql.placeholder(field) : field);
  const conditions: (SQL | undefined)[] = [eq(projects.companyId, companyId)];
  if (filters.q) {
    const pattern = placeholders ? sql.placeholder('pattern') : containsPattern(filters.q);
    conditions.push(
      or(
        ilike(projects.homeownerName, pattern),
        ilike(projects.street, pattern),
        ilike(projects.city, pattern),
        ilike(projects.zip, pattern),
        ilike(projects.claimNumber, pattern),
        ilike(carriers.name, pattern),
      ),
    );
  }
  if (filters.statusId) conditions.push(eq(projects.statusId, value(filters.statusId)));
  if (filters.assigneeId) conditions.push(eq(projects.assigneeId, value(filters.assigneeId)));
  if (filters.carrierId) conditions.push(eq(projects.carrierId, value(filters.carrierId)));
  if (filters.lossType) conditions.push(eq(projects.lossType, placeholders ? sql.placeholder('lossType') : filters.lossType));
  // Active: neither closed nor archived (is_active); closed: in a closed status and not archived.
  if (filters.state === 'active') conditions.push(eq(projects.isActive, true));
  if (filters.state === 'closed') conditions.push(eq(projects.isActive, false), isNull(projects.archivedAt));
  if (filters.state === 'archived') conditions.push(isNotNull(projects.archivedAt));
  return and(...conditions);
}

/** The list's order; the id breaks every tie so pages never overlap nor skip a row. */
function listOrder(filters: ProjectListFilters): SQL[] {
  const direction = filters.dir === 'asc' ? asc : desc;
  switch (filters.sort) {
    case 'updated':
      return [direction(projects.updatedAt), direction(projects.id)];
    case 'homeowner':
      return [direction(sql`lower(${projects.homeownerName})`), direction(projects.id)];
    case 'date_of_loss':
      // Projects without a date of loss come last in both directions.
      return [sql`${projects.dateOfLoss} ${sql.raw(filters.dir === 'asc' ? 'asc' : 'desc')} nulls last`, direction(projects.id)];
    case 'status':
      return [
        direction(sql`(select ${projectStatuses.position} from ${projectStatuses} where ${projectStatuses.id} = ${projects.statusId})`),
        desc(projects.createdAt),
        desc(projects.id),
      ];
    case 'created':
    default:
      return [direction(projects.createdAt), direction(projects.id)];
  }
}

/** The values a list statement is run with, by placeholder name. */
function listValues(companyId: string, query: ProjectListPage): Record<string, unknown> {
  return {
    companyId,
    pattern: query.q ? containsPattern(query.q) : null,
    statusId: query.statusId ?? null,
    assigneeId: query.assigneeId ?? null,
    carrierId: query.carrierId ?? null,
    lossType: query.lossType ?? null,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
}

/** Which filters a query uses, its state, sort and direction: queries of one shape share one statement. */
function listShape(query: ProjectListFilters): string {
  const used = [query.q, query.statusId, query.assigneeId, query.carrierId, query.lossType].map((value) => (value ? '1' : '0')).join('');
  return `${used}_${query.state}_${query.sort}_${query.dir}`;
}

/** The list statement of one shape, every value a placeholder (see listValues). */
function buildProjectList(db: Db, shape: ProjectListFilters) {
  const companyId = sql.placeholder('companyId');
  const filters: ProjectListFilters = {
    ...shape,
    q: shape.q ? 'pattern' : undefined,
    statusId: shape.statusId ? 'statusId' : undefined,
    assigneeId: shape.assigneeId ? 'assigneeId' : undefined,
    carrierId: shape.carrierId ? 'carrierId' : undefined,
  };
  return db
    .select({
      ...projectSummaryColumns,
      total: sql<number>`count(*) over()`.mapWith(Number),
      // The company's plan and active-file count ride along (computed once per statement, not per
      // row), so a page of the list is one round trip to the database.
      company: sql<ListCompanyFacts>`(select json_build_object('plan', c.plan, 'status', c.billing_status, 'trialEndsAt', c.trial_ends_at,
        'active', (select count(*) from ${projects} a where a.company_id = c.id and a.is_active))
        from ${companies} c where c.id = ${companyId})`,
    })
    .from(projects)
    .leftJoin(carriers, and(eq(carriers.companyId, companyId), eq(carriers.id, projects.carrierId)))
    .leftJoin(user, eq(user.id, projects.assigneeId))
    .where(listWhere(companyId, filters, true))
    .orderBy(...listOrder(filters))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

type ProjectListStatement = ReturnType<typeof buildProjectList>;
type PreparedProjectList = { builder: ProjectListStatement; prepared: ReturnType<ProjectListStatement['prepare']> };

/** Each database's list statements by shape, prepared once (PostgreSQL then plans each once per connection). */
const preparedLists = new WeakMap<Db, Map<string, PreparedProjectList>>();

function preparedList(db: Db, query: ProjectListFilters): PreparedProjectList {
  let byShape = preparedLists.get(db);
  if (!byShape) preparedLists.set(db, (byShape = new Map()));
  const shape = listShape(query);
  let entry = byShape.get(shape);
  if (!entry) {
    const builder = buildProjectList(db, query);
    entry = { builder, prepared: builder.prepare(`project_list_${shape}`) };
    byShape.set(shape, entry);
  }
  return entry;
}

/**
 * The project list of one company, not run yet: `execute()` runs it as the named prepared statement
 * of its shape (no statement is rebuilt or re-planned per request), and `toSQL()` gives its very SQL
 * with the values, which the API benchmark runs directly. Each row carries `total`, the number of
 * matching rows on every page.
 */
export function projectListQuery(db: Db, companyId: string, query: ProjectListPage) {
  const { builder, prepared } = preparedList(db, query);
  const values = listValues(companyId, query);
  return {
    execute: () => prepared.execute(values),
    toSQL: () => {
      const { sql: text, params } = builder.toSQL();
      return { sql: text, params: fillPlaceholders(params, values) };
    },
  };
}

/** The company facts a list page carries: its plan, trial end (JSON text) and active-file count. */
export type ListCompanyFacts = { plan: string; status: string; trialEndsAt: string | null; active: number };

/** How many projects match the filters (for a page past the end, which carries no row to read it from). */
export async function countProjects(db: Db | DbTx, companyId: string, filters: ProjectListFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(projects).leftJoin(carriers, carrierOfProject(companyId)).where(listWhere(companyId, filters));
  return row?.total ?? 0;
}

/** Every column the CSV export shows, for the matching projects in list order, at most `limit` rows. */
export async function exportRows(db: Db | DbTx, companyId: string, filters: ProjectListFilters, limit: number) {
  return db
    .select({
      ...projectSummaryColumns,
      homeownerPhone: projects.homeownerPhone,
      homeownerEmail: projects.homeownerEmail,
      policyNumber: projects.policyNumber,
      statusName: projectStatuses.name,
    })
    .from(projects)
    .innerJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
    .leftJoin(carriers, carrierOfProject(companyId))
    .leftJoin(user, eq(user.id, projects.assigneeId))
    .where(listWhere(companyId, filters))
    .orderBy(...listOrder(filters))
    .limit(limit);
}

export type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

/** One project with the names it points at (carrier, adjuster, assignee, creator), only within the company. */
export async function findProjectDetail(db: Db | DbTx, companyId: string, id: string) {
  const [row] = await db
    .select({
      project: projects,
      carrierName: carriers.name,
      adjuster: { id: adjusters.id, name: adjusters.name, phone: adjusters.phone, email: adjusters.email },
      assignee: assigneeName,
      creator: creatorName,
      suggestedStatusName: projectStatuses.name,
    })
    .from(projects)
    .leftJoin(carriers, eq(carriers.id, projects.carrierId))
    .leftJoin(adjusters, eq(adjusters.id, projects.adjusterId))
    .leftJoin(assignee, eq(assignee.id, projects.assigneeId))
    .leftJoin(creator, eq(creator.id, projects.createdBy))
    .leftJoin(projectStatuses, and(eq(projectStatuses.id, projects.suggestedStatusId), eq(projectStatuses.companyId, projects.companyId)))
    .where(and(eq(projects.companyId, companyId), eq(projects.id, id)));
  return row ?? null;
}

export type ProjectDetailRow = NonNullable<Awaited<ReturnType<typeof findProjectDetail>>>;

/** One project row locked for the change the transaction makes, only within the company. */
export async function lockProject(tx: DbTx, companyId: string, id: string): Promise<ProjectRow | null> {
  const [row] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
    .for('update');
  return row ?? null;
}
export async function insertProject(tx: DbTx, row: NewProjectRow): Promise<ProjectRow> {
  const [inserted] = await tx.insert(projects).values(row).returning();
  if (!inserted) throw new Error('Project insert returned nothing');
  return inserted;
}

/** Applies the patch (and a new updated_at), only within the company. */
export async function updateProjectRow(tx: DbTx, companyId: string, id: string, patch: ProjectPatch): Promise<void> {
  await tx
    .update(projects)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(projects.companyId, companyId), eq(projects.id, id)));
}

/**
 * The company's plan and trial, with its row locked until the transaction ends: every change that may
 * take an active-file slot locks it first, so two requests racing for the last slot run one after the other.
 * The lock is FOR NO KEY UPDATE: it queues the other slot changes and billing's changes of the row, but
 * not the key-share lock PostgreSQL takes to check a foreign key to the company, so a write that locked a
 * project first (a note, an edit) and then inserts its timeline row never waits on it in a deadlock.
 */
export async function lockCompanyPlan(tx: DbTx, companyId: string) {
  const [row] = await tx
    .select({ plan: companies.plan, status: companies.billingStatus, trialEndsAt: companies.trialEndsAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
  return row ?? null;
}

/** The company's plan and trial (no lock). */
export async function findCompanyPlan(db: Db | DbTx, companyId: string) {
  const [row] = await db
    .select({ plan: companies.plan, status: companies.billingStatus, trialEndsAt: companies.trialEndsAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/** The company's active files (neither closed nor archived). */
export async function countActiveProjects(db: Db | DbTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.isActive, true)));
  return row?.total ?? 0;
}

/** A member of the company by user id, with their name columns. */
export async function findCompanyUser(db: Db | DbTx, companyId: string, userId: string) {
  const [row] = await db
    .select(userName)
    .from(members)
    .innerJoin(user, eq(user.id, members.userId))
    .where(and(eq(members.companyId, companyId), eq(members.userId, userId)));
  return row ?? null;
}
