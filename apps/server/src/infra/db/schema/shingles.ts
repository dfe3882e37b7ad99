import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ShinglePhotoKind } from '@ridgeline/shared/contracts/shingles';
import type { ResultConfidence } from '@ridgeline/shared/domain/shingle-id';
import { createdAt, timestampTz, timestamps } from './columns';
import { user } from './auth';
import { companies, companyRef } from './companies';
import { inspectionSessions } from './inspections';
import { projects } from './projects';

const userRef = (name: string) => text(name).references(() => user.id, { onDelete: 'set null' });

/**
 * The shingle catalog: one row per product line. `company_id` null is the shared catalog (platform
 * admins change it); a company id is that company's own product, visible to it only. `entry` holds
 * the line as the shared contract's `CatalogEntry` (each figure with its verified state, the row's
 * confidence and source). A retired line stays for the identifications that matched it but is no
 * longer ranked.
 */
export const shingleCatalogEntries = pgTable(
  'shingle_catalog_entries',
  {
    id: text('id').primaryKey(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    entry: jsonb('entry').notNull(),
    retiredAt: timestampTz('retired_at'),
    updatedBy: userRef('updated_by'),
    ...timestamps(),
  },
  (t) => [index('shingle_catalog_entries_company_idx').on(t.companyId)],
);

/** Every change to the catalog (shared or a company's own) is a new version; an identification records the version it was ranked against. */
export const shingleCatalogVersions = pgTable('shingle_catalog_versions', {
  version: integer('version').primaryKey(),
  /** null: the shared catalog changed; otherwise the company whose own products changed. */
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  summary: text('summary').notNull(),
  createdBy: userRef('created_by'),
  createdAt: createdAt(),
});

/** A saved identification: what was measured, the ranking the server made, and against which catalog version. */
export const shingleIdentifications = pgTable(
  'shingle_identifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    createdBy: userRef('created_by'),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    inspectionSessionId: uuid('inspection_session_id').references(() => inspectionSessions.id, { onDelete: 'set null' }),
    address: text('address').notNull().default(''),
    color: text('color').notNull().default(''),
    layers: integer('layers'),
    measurements: jsonb('measurements').notNull(),
    ranking: jsonb('ranking').notNull(),
    catalogVersion: integer('catalog_version').notNull(),
    agreesWithDevice: boolean('agrees_with_device'),
    /** The first candidate in words and the result's confidence, kept as columns for the history's search and filters. */
    topCandidate: text('top_candidate'),
    confidence: text('confidence').$type<ResultConfidence>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('shingle_identifications_company_idx').on(t.companyId, t.createdAt),
    index('shingle_identifications_project_idx').on(t.projectId),
    check('shingle_identifications_confidence_known', sql`${t.confidence} in ('high', 'medium', 'low')`),
  ],
);

/**
 * A photo of the shingle kept with a saved identification (face, back, tape across the exposure,
 * release tape). Its id is the one the phone's upload queue gave it, so a retried upload is the same
 * row; the file is in storage and was decoded whole when it arrived.
 */
export const shinglePhotos = pgTable(
  'shingle_photos',
  {
    id: uuid('id').primaryKey(),
    companyId: companyRef(),
    identificationId: uuid('identification_id')
      .notNull()
      .references(() => shingleIdentifications.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ShinglePhotoKind>().notNull(),
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: integer('file_size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: userRef('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shingle_photos_identification_idx').on(t.companyId, t.identificationId),
    check('shingle_photos_kind_known', sql`${t.kind} in ('face', 'back', 'exposure', 'release_tape')`),
  ],
);
