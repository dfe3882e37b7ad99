import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { EstimateSettings } from '@ridgeline/shared/domain/estimate';
import { timestampTz, timestamps } from './columns';
import { user } from './auth';
import { companyRef } from './companies';
import { inspectionSessions } from './inspections';
import { projects } from './projects';

const userRef = (name: string) => text(name).references(() => user.id, { onDelete: 'set null' });

/**
 * A roof measured: per structure its facets (pitch, plan area), linear feet, waste, layers and stories
 * (shared contract `StructureMeasurement`). One record per roof (decision 041): a claim file has at
 * most one, which its inspections share whichever screen it was entered on; an inspection on no claim
 * file has its own, which becomes the claim file's when it is converted. `session_id` and
 * `project_id` say where it was entered and whose it is. Two records of one roof (an inspection's
 * and its claim file's, met when the inspection is converted, or entered twice before this rule) keep
 * the one changed last; the other is kept, hidden, as `superseded_by` it (never listed or read).
 * An imported measurement report (EagleView, HOVER ...) is stored as a file beside it, with the totals
 * typed in from it.
 */
export const roofMeasurements = pgTable(
  'roof_measurements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    sessionId: uuid('session_id').references(() => inspectionSessions.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    label: text('label').notNull().default(''),
    structures: jsonb('structures').notNull().default([]),
    /**
     * Computed totals kept for lists: true area, squares, order squares. bigint: the largest roof the
     * contract takes (20 structures of 60 facets of 10,000 x 10,000 ft at 30/12, 50% waste) is about
     * 4.9e11 hundredths of a square, past an integer's 2^31 and well inside a JavaScript number's 2^53.
     */
    trueAreaSqFt: bigint('true_area_sq_ft', { mode: 'number' }).notNull().default(0),
    squaresHundredths: bigint('squares_hundredths', { mode: 'number' }).notNull().default(0),
    orderSquaresHundredths: bigint('order_squares_hundredths', { mode: 'number' }).notNull().default(0),
    reportTotals: jsonb('report_totals'),
    reportFilePath: text('report_file_path'),
    reportFileName: text('report_file_name'),
    reportMimeType: text('report_mime_type'),
    reportFileSize: bigint('report_file_size', { mode: 'number' }),
    reportUploadedAt: timestampTz('report_uploaded_at'),
    notes: text('notes'),
    /** The record of the same roof this one was merged into: set, this one is hidden everywhere. */
    supersededBy: uuid('superseded_by').references((): AnyPgColumn => roofMeasurements.id, { onDelete: 'cascade' }),
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [
    index('roof_measurements_company_updated_idx').on(t.companyId, t.updatedAt.desc()),
    index('roof_measurements_project_idx').on(t.projectId),
    uniqueIndex('roof_measurements_session_unique')
      .on(t.sessionId)
      .where(sql`${t.sessionId} is not null`),
    uniqueIndex('roof_measurements_project_unique')
      .on(t.projectId)
      .where(sql`${t.projectId} is not null and ${t.supersededBy} is null`),
  ],
);

/**
 * One version of a session's estimate: line items (shared contract `EstimateLine`), depreciation, O&P,
 * the carrier's scope and the supplement list computed from both, and the totals in cents. Only the
 * latest version of a session is edited; saving as a new version keeps the earlier ones as they were.
 */
export const estimates = pgTable(
  'estimates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => inspectionSessions.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    version: integer('version').notNull(),
    lines: jsonb('lines').notNull().default([]),
    depreciationMode: text('depreciation_mode').$type<EstimateSettings['depreciationMode']>().notNull().default('overall'),
    overallDepreciationBp: integer('overall_depreciation_bp').notNull().default(0),
    opEnabled: boolean('op_enabled').notNull().default(false),
    carrierScope: jsonb('carrier_scope').notNull().default([]),
    supplement: jsonb('supplement').notNull().default([]),
    notes: text('notes'),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    overheadCents: bigint('overhead_cents', { mode: 'number' }).notNull().default(0),
    profitCents: bigint('profit_cents', { mode: 'number' }).notNull().default(0),
    rcvCents: bigint('rcv_cents', { mode: 'number' }).notNull().default(0),
    depreciationCents: bigint('depreciation_cents', { mode: 'number' }).notNull().default(0),
    acvCents: bigint('acv_cents', { mode: 'number' }).notNull().default(0),
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('estimates_session_version_unique').on(t.sessionId, t.version),
    index('estimates_project_idx').on(t.projectId),
    index('estimates_company_idx').on(t.companyId, t.updatedAt.desc()),
  ],
);

/**
 * The company's unit prices. A row with a formula code prices that formula's line; a row without one
 * is an item of the company's own, offered when a line is added by hand. No rows: the defaults apply.
 */
export const priceListItems = pgTable(
  'price_list_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    code: text('code'),
    description: text('description').notNull(),
    unit: text('unit').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('price_list_items_company_idx').on(t.companyId, t.position),
    uniqueIndex('price_list_items_company_code_unique')
      .on(t.companyId, t.code)
      .where(sql`${t.code} is not null`),
  ],
);
