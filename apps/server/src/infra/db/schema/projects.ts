import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ActivityKind, LossTypeSource } from '@ridgeline/shared/contracts/project-views';
import type { LossType } from '@ridgeline/shared/domain/loss-type-list';
import type { StatusMoveCause } from '@ridgeline/shared/domain/status-progress';
import { createdAt, timestampTz, timestamps } from './columns';
import { user } from './auth';
import { companyRef } from './companies';

/** A user a row points at (assignee, author); the row stays when the user is deleted. */
const userRef = (name: string) => text(name).references(() => user.id, { onDelete: 'set null' });

/**
 * A company's project statuses in pipeline order. `key` is stable (the default pipeline's keys, or a
 * slug for added ones); a closed status frees the active-file slot; a hidden one is left off the board.
 */
export const projectStatuses = pgTable(
  'project_statuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    isClosed: boolean('is_closed').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('project_statuses_company_key_unique').on(t.companyId, t.key), index('project_statuses_company_idx').on(t.companyId, t.position)],
);

/** An insurance carrier in a company's directory. */
export const carriers = pgTable(
  'carriers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    name: text('name').notNull(),
    claimsPhone: text('claims_phone'),
    claimsEmail: text('claims_email'),
    portalUrl: text('portal_url'),
    notes: text('notes'),
    /** Who added it: a member changes only the entries they added (null for entries older than the rule). */
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('carriers_company_name_unique').on(t.companyId, sql`lower(${t.name})`)],
);

/** An adjuster the company has met, usually working for one carrier. */
export const adjusters = pgTable(
  'adjusters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    carrierId: uuid('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    notes: text('notes'),
    /** Who added them: a member changes only the adjusters they added (null for entries older than the rule). */
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [index('adjusters_company_idx').on(t.companyId, t.name), index('adjusters_carrier_idx').on(t.carrierId)],
);

/**
 * A claim file: one property and one insurance claim. `isActive` is kept by the service (not closed
 * and not archived) so the plan limit is one indexed count. Money is in cents.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    title: text('title').notNull(),
    homeownerName: text('homeowner_name').notNull(),
    homeownerPhone: text('homeowner_phone'),
    homeownerEmail: text('homeowner_email'),
    street: text('street').notNull(),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    carrierId: uuid('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    /** The carrier's name as typed in the field when it is not in the directory; cleared once a directory carrier is set. */
    carrierName: text('carrier_name'),
    adjusterId: uuid('adjuster_id').references(() => adjusters.id, { onDelete: 'set null' }),
    policyNumber: text('policy_number'),
    claimNumber: text('claim_number'),
    dateOfLoss: date('date_of_loss', { mode: 'string' }),
    lossType: text('loss_type').$type<LossType>().notNull().default('other'),
    /** 'chosen' from the list, 'classified' from the description, or 'overridden' after a classification. */
    lossTypeSource: text('loss_type_source').$type<LossTypeSource>().notNull().default('chosen'),
    lossDescription: text('loss_description'),
    deductibleCents: bigint('deductible_cents', { mode: 'number' }),
    rcvCents: bigint('rcv_cents', { mode: 'number' }),
    acvCents: bigint('acv_cents', { mode: 'number' }),
    depreciationCents: bigint('depreciation_cents', { mode: 'number' }),
    serviceType: text('service_type'),
    assigneeId: userRef('assignee_id'),
    statusId: uuid('status_id')
      .notNull()
      .references(() => projectStatuses.id),
    /**
     * A move forward the company chose to be offered rather than made (status moves "suggest"): the
     * status, its cause (a key of STATUS_MOVE_CAUSES) and when; cleared once the file reaches it or passes it.
     */
    suggestedStatusId: uuid('suggested_status_id').references(() => projectStatuses.id, { onDelete: 'set null' }),
    suggestedStatusCause: text('suggested_status_cause').$type<StatusMoveCause>(),
    suggestedStatusAt: timestampTz('suggested_status_at'),
    isActive: boolean('is_active').notNull().default(true),
    archivedAt: timestampTz('archived_at'),
    closedAt: timestampTz('closed_at'),
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [
    index('projects_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id),
    index('projects_company_updated_idx').on(t.companyId, t.updatedAt.desc(), t.id),
    index('projects_company_status_idx').on(t.companyId, t.statusId),
    index('projects_company_active_idx')
      .on(t.companyId)
      .where(sql`${t.isActive}`),
    index('projects_company_assignee_idx').on(t.companyId, t.assigneeId),
    index('projects_company_carrier_idx').on(t.companyId, t.carrierId),
  ],
);

/** A to-do on a project, optionally assigned and due. */
export const projectTasks = pgTable(
  'project_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    assigneeId: userRef('assignee_id'),
    done: boolean('done').notNull().default(false),
    doneAt: timestampTz('done_at'),
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [index('project_tasks_project_idx').on(t.projectId), index('project_tasks_assignee_idx').on(t.companyId, t.assigneeId, t.done)],
);

/** A document or image on a project, stored in the private project-files bucket. */
export const projectFiles = pgTable(
  'project_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    objectPath: text('object_path').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    uploadedBy: userRef('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [index('project_files_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * The project's timeline: every status change, field change (old and new value), note, task and file
 * event, with who and when. Written in the same transaction as the change it records.
 */
export const projectActivity = pgTable(
  'project_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    actorId: userRef('actor_id'),
    kind: text('kind').$type<ActivityKind>().notNull(),
    field: text('field'),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    body: text('body'),
    meta: jsonb('meta'),
    createdAt: createdAt(),
  },
  (t) => [index('project_activity_project_idx').on(t.projectId, t.createdAt.desc()), index('project_activity_company_idx').on(t.companyId, t.createdAt.desc())],
);

/**
 * A claim file's statuses over time: one row per stay, from `entered_at` until `left_at` (null while
 * it is the current status). A trigger on `projects` writes it (on insert, and when `status_id`
 * changes), so every path that moves a claim file records the stay in the same transaction. A stay in
 * a status the company later deletes goes with the status.
 */
export const projectStatusHistory = pgTable(
  'project_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    statusId: uuid('status_id')
      .notNull()
      .references(() => projectStatuses.id, { onDelete: 'cascade' }),
    enteredAt: timestampTz('entered_at').notNull().defaultNow(),
    leftAt: timestampTz('left_at'),
  },
  (t) => [
    index('project_status_history_project_idx').on(t.companyId, t.projectId, t.enteredAt),
    index('project_status_history_status_idx').on(t.companyId, t.statusId),
  ],
);
