import { createHash, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  catalogEntrySchema,
  type catalogEntryInputSchema,
  type saveIdentificationSchema,
  type ProjectShingleIds,
  type ShingleCatalog,
  type ShingleHistory,
  type ShingleHistoryItem,
  type ShingleHistoryQuery,
  type ShingleIdentification,
  type ShinglePhoto,
  type ShinglePhotoQuery,
  shingleMeasurementsSchema,
  SHINGLE_PHOTOS_MAX,
  shingleRankingSchema,
  SHINGLE_HISTORY_MAX,
} from '@ridgeline/shared/contracts/shingles';
import { csvDocument } from '@ridgeline/shared/domain/csv';
import { rankShingles, type CatalogEntry } from '@ridgeline/shared/domain/shingle-id';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import { decodesToTheEnd, readImageHeader } from '../../infra/images/images';
import { detectFileType } from '../../infra/storage/file-type';
import type { Storage } from '../../infra/storage/storage';
import { insertActivity } from '../../data/project-activity';
import { findProjectAddress, projectExists } from '../../data/project-lookup';
import { AppError } from '../../lib/app-error';
import { assertCanManageLocalProducts } from './shingles.policy';
import {
  addVersion,
  countPhotos,
  catalogVersion,
  findIdentificationOwner,
  findShinglePhoto,
  insertShinglePhotoIfNew,
  listPhotos,
  findCatalogEntry,
  findIdentification,
  insertCatalogEntry,
  insertIdentification,
  inspectionSessionExists,
  listCatalog,
  listIdentifications,
  retireCatalogEntry,
  updateCatalogEntry,
  type CatalogRow,
  type IdentificationRow,
  type ShinglePhotoRow,
} from './shingles.repository';

export type ShinglesServiceDeps = { db: Db; storage: Storage };

const BUCKET = 'project-files';
/** Signed photo addresses stay valid for five minutes. */
const URL_SECONDS = 300;
/**
 * The photo types a shingle photo may be, decided from the bytes. HEIC is not taken here: the photo is
 * checked by decoding it whole when it arrives, and the packet draws it as it is stored.
 */
const SHINGLE_PHOTO_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const UNSUPPORTED_SHINGLE_PHOTO = 'This file is not a photo we accept. Take the photo as a JPEG, PNG or WebP image.';
type EntryInput = z.output<typeof catalogEntryInputSchema>;
type SaveInput = z.output<typeof saveIdentificationSchema>;

function presentEntry(row: CatalogRow): CatalogEntry {
  return catalogEntrySchema.parse({ ...(row.entry as object), id: row.id, scope: row.companyId ? 'company' : 'catalog' });
}

/** A company's own product is its own word: none of its figures is presented as verified. */
function asCompanyEntry(input: EntryInput): EntryInput {
  const unverified = <T extends { verified: boolean } | null>(value: T): T => (value ? { ...value, verified: false } : value);
  return {
    ...input,
    length: unverified(input.length),
    height: unverified(input.height),
    exposure: unverified(input.exposure),
    nailZone: unverified(input.nailZone),
    sealant: unverified(input.sealant),
    granulesOnBack: unverified(input.granulesOnBack),
    yearsMade: unverified(input.yearsMade),
    discontinued: { ...input.discontinued, verified: false },
  };
}

function presentHistoryItem(row: IdentificationRow): ShingleHistoryItem {
  const ranking = shingleRankingSchema.parse(row.ranking);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdById
      ? {
          id: row.createdById,
          name: displayName({ name: row.createdByName, firstName: row.createdByFirstName, lastName: row.createdByLastName, email: row.createdByEmail }),
        }
      : null,
    address: row.address,
    topCandidate: row.topCandidate,
    topDiscontinued: ranking.candidates[0]?.discontinued ?? null,
    confidence: ranking.confidence,
    catalogVersion: row.catalogVersion,
    project: row.projectId && row.projectTitle !== null ? { id: row.projectId, name: row.projectTitle } : null,
  };
}

function presentIdentification(row: IdentificationRow, photos: ShinglePhoto[]): ShingleIdentification {
  const item = presentHistoryItem(row);
  return {
    id: item.id,
    createdAt: item.createdAt,
    createdBy: item.createdBy,
    address: row.address,
    color: row.color,
    layers: row.layers,
    measurements: shingleMeasurementsSchema.parse(row.measurements),
    ranking: shingleRankingSchema.parse(row.ranking),
    catalogVersion: row.catalogVersion,
    agreesWithDevice: row.agreesWithDevice,
    project: item.project,
    inspectionSessionId: row.inspectionSessionId,
    photos,
  };
}

const CONFIDENCE_WORDS = { high: 'high confidence', medium: 'medium confidence', low: 'low confidence' } as const;

/**
 * Shingle identification. The catalog a company ranks against is the shared one plus its own
 * products; every change to either is a new version of that company's catalog (another company's
 * own products leave it as it is). Saving an identification ranks it
 * again here with the same shared code the phone ran, stores that answer with the catalog version,
 * and records whether the phone's answer (same version) was the same.
 */
export function createShinglesService({ db, storage }: ShinglesServiceDeps) {
  const presentPhoto = (row: ShinglePhotoRow): ShinglePhoto => ({
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    url: storage.url(BUCKET, row.filePath, URL_SECONDS),
    createdAt: row.createdAt.toISOString(),
  });

  async function presentAll(tenant: Tenant, rows: IdentificationRow[]): Promise<ShingleIdentification[]> {
    const photos = await listPhotos(
      db,
      tenant.companyId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentIdentification(row, photos.filter((photo) => photo.identificationId === row.id).map(presentPhoto)));
  }

  async function catalog(tenant: Tenant | null): Promise<ShingleCatalog> {
    const [rows, version] = await Promise.all([listCatalog(db, tenant?.companyId ?? null), catalogVersion(db, tenant?.companyId ?? null)]);
    return { version, entries: rows.map(presentEntry) };
  }

  async function identificationOrNotFound(tenant: Tenant, id: string): Promise<ShingleIdentification> {
    const row = await findIdentification(db, tenant.companyId, id);
    if (!row) throw AppError.notFound('Identification not found');
    const [presented] = await presentAll(tenant, [row]);
    if (!presented) throw AppError.notFound('Identification not found');
    return presented;
  }

  /** The same id saved again (a retried save from the phone's queue) answers the one already saved. */
  async function alreadySaved(tenant: Tenant, id: string | undefined): Promise<ShingleIdentification | null> {
    if (!id) return null;
    const owner = await findIdentificationOwner(db, id);
    if (owner === null) return null;
    if (owner !== tenant.companyId) throw AppError.conflict('This identification id is already used. Save it again from the Shingle ID screen.');
    return identificationOrNotFound(tenant, id);
  }

  async function save(actor: Actor, tenant: Tenant, input: SaveInput): Promise<{ identification: ShingleIdentification; created: boolean }> {
    const before = await alreadySaved(tenant, input.id);
    if (before) return { identification: before, created: false };
    if (input.projectId && !(await projectExists(db, tenant.companyId, input.projectId))) throw AppError.notFound('Claim file not found');
    if (input.inspectionSessionId && !(await inspectionSessionExists(db, tenant.companyId, input.inspectionSessionId))) {
      throw AppError.notFound('Inspection session not found');
    }
    const id = await db.transaction(async (tx) => {
      const [rows, version] = await Promise.all([listCatalog(tx, tenant.companyId), catalogVersion(tx, tenant.companyId)]);
      const ranking = rankShingles(rows.map(presentEntry), input.measurements);
      const serverIds = ranking.candidates.map((candidate) => candidate.entryId);
      const agrees = input.deviceCatalogVersion === version ? JSON.stringify(serverIds) === JSON.stringify(input.deviceCandidateIds) : null;
      const top = ranking.candidates[0];
      const topCandidate = top ? `${top.manufacturer} ${top.line}` : null;
      const saved = await insertIdentification(tx, {
        ...(input.id ? { id: input.id } : {}),
        companyId: tenant.companyId,
        createdBy: actor.userId,
        projectId: input.projectId,
        inspectionSessionId: input.inspectionSessionId,
        address: input.address,
        color: input.color,
        layers: input.layers,
        measurements: input.measurements,
        ranking,
        catalogVersion: version,
        agreesWithDevice: agrees,
        topCandidate,
        confidence: ranking.confidence,
      });
      if (!saved) return null;
      if (input.projectId) {
        await insertActivity(tx, {
          companyId: tenant.companyId,
          projectId: input.projectId,
          actorId: actor.userId,
          kind: 'shingle_identified',
          body: topCandidate ? `${topCandidate} (${CONFIDENCE_WORDS[ranking.confidence]})` : `no catalog line fits (${CONFIDENCE_WORDS[ranking.confidence]})`,
        });
      }
      return saved;
    });
    // Two copies of one save at once: the one that lost the race answers the winner's.
    if (id === null) {
      const winner = await alreadySaved(tenant, input.id);
      if (!winner) throw AppError.conflict('The identification could not be saved. Please try again.');
      return { identification: winner, created: false };
    }
    return { identification: await identificationOrNotFound(tenant, id), created: true };
  }

  /**
   * A photo of the shingle, kept with a saved identification of the company. Idempotent on the photo
   * id (the upload queue's): the same bytes again answer the photo already stored. It is accepted only
   * whole (decoded to its last byte), so a photo the screen calls uploaded is one the server can show.
   */
  async function uploadPhoto(
    actor: Actor,
    tenant: Tenant,
    identificationId: string,
    photoId: string,
    query: ShinglePhotoQuery,
    body: Buffer,
  ): Promise<{ photo: ShinglePhoto & { filePath: string }; created: boolean }> {
    if (!(await findIdentification(db, tenant.companyId, identificationId))) throw AppError.notFound('Identification not found');
    if (body.length === 0) throw AppError.badRequest('The upload is empty.');
    const sha256 = createHash('sha256').update(body).digest('hex');
    if (sha256 !== query.sha256) throw new AppError('CHECKSUM_MISMATCH');
    const existing = async (): Promise<{ photo: ShinglePhoto & { filePath: string }; created: boolean } | null> => {
      const row = await findShinglePhoto(db, photoId);
      if (!row) return null;
      if (row.companyId !== tenant.companyId || row.identificationId !== identificationId) throw AppError.notFound('Photo not found');
      if (row.sha256 !== sha256) throw new AppError('PHOTO_CONFLICT');
      return { photo: { ...presentPhoto(row), filePath: row.filePath }, created: false };
    };
    const before = await existing();
    if (before) return before;
    if ((await countPhotos(db, tenant.companyId, identificationId)) >= SHINGLE_PHOTOS_MAX) {
      throw AppError.badRequest(`An identification keeps at most ${SHINGLE_PHOTOS_MAX} photos.`);
    }
    const type = await detectFileType(body);
    const ext = type ? SHINGLE_PHOTO_TYPES[type.mime] : undefined;
    if (!type || !ext || !(await readImageHeader(body))) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_SHINGLE_PHOTO);
    if (!(await decodesToTheEnd(body))) throw new AppError('PHOTO_UNREADABLE');

    // Named by its bytes too: a different file sent under the same id at the same moment never overwrites the one kept.
    const filePath = `shingle-ids/${tenant.companyId}/${identificationId}/${photoId}-${sha256.slice(0, 16)}.${ext}`;
    await storage.put(BUCKET, filePath, body, { contentType: type.mime, cacheControl: 'private, max-age=3600', upsert: true });
    const inserted = await insertShinglePhotoIfNew(db, {
      id: photoId,
      companyId: tenant.companyId,
      identificationId,
      kind: query.kind,
      filePath,
      fileName: query.fileName,
      mimeType: type.mime,
      fileSize: body.length,
      sha256,
      uploadedBy: actor.userId,
    });
    if (!inserted) {
      const winner = await existing().catch(async (error: unknown) => {
        await storage.remove(BUCKET, filePath);
        throw error;
      });
      if (!winner) throw AppError.conflict('The photo could not be stored. Please try again.');
      return winner;
    }
    const row = await findShinglePhoto(db, photoId);
    if (!row) throw AppError.conflict('The photo could not be stored. Please try again.');
    return { photo: { ...presentPhoto(row), filePath }, created: true };
  }

  async function history(tenant: Tenant, query: ShingleHistoryQuery): Promise<ShingleHistory> {
    const rows = await listIdentifications(db, tenant.companyId, query, SHINGLE_HISTORY_MAX);
    return { identifications: rows.map(presentHistoryItem) };
  }

  async function historyCsv(tenant: Tenant, query: ShingleHistoryQuery): Promise<string> {
    const rows = await listIdentifications(db, tenant.companyId, query, SHINGLE_HISTORY_MAX);
    return csvDocument(
      ['Saved', 'By', 'Address', 'Claim file', 'Top candidate', 'Discontinued', 'Confidence', 'Catalog version'],
      rows
        .map(presentHistoryItem)
        .map((item) => [
          item.createdAt,
          item.createdBy?.name ?? '',
          item.address,
          item.project?.name ?? '',
          item.topCandidate ?? 'No catalog line fits',
          item.topDiscontinued ? `${item.topDiscontinued.value}${item.topDiscontinued.verified ? '' : ' (unverified)'}` : '',
          item.confidence,
          item.catalogVersion,
        ]),
    );
  }

  /** Identifications saved to one claim file, newest first (the claim file's page and its packet). */
  async function forProject(tenant: Tenant, projectId: string): Promise<ProjectShingleIds> {
    const project = await findProjectAddress(db, tenant.companyId, projectId);
    if (!project) throw AppError.notFound('Claim file not found');
    const rows = await listIdentifications(db, tenant.companyId, { projectId }, 20);
    const address = [project.street, project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    return { address, identifications: await presentAll(tenant, rows) };
  }

  async function addLocalProduct(actor: Actor, tenant: Tenant, input: EntryInput): Promise<CatalogEntry> {
    assertCanManageLocalProducts(tenant);
    const id = `local-${randomUUID()}`;
    const entry = { ...asCompanyEntry(input), id, scope: 'company' as const };
    await db.transaction(async (tx) => {
      await insertCatalogEntry(tx, { id, companyId: tenant.companyId, entry, updatedBy: actor.userId });
      await addVersion(tx, { companyId: tenant.companyId, summary: `Own product added: ${input.manufacturer} ${input.line}`, createdBy: actor.userId });
    });
    return entry;
  }

  async function retireLocalProduct(actor: Actor, tenant: Tenant, id: string): Promise<void> {
    assertCanManageLocalProducts(tenant);
    await db.transaction(async (tx) => {
      if (!(await retireCatalogEntry(tx, id, tenant.companyId, actor.userId))) throw AppError.notFound('Product not found');
      await addVersion(tx, { companyId: tenant.companyId, summary: 'Own product retired', createdBy: actor.userId });
    });
  }

  async function addCatalogEntry(actor: Actor, input: EntryInput): Promise<CatalogEntry> {
    const id = randomUUID();
    const entry = { ...input, id, scope: 'catalog' as const };
    await db.transaction(async (tx) => {
      await insertCatalogEntry(tx, { id, companyId: null, entry, updatedBy: actor.userId });
      await addVersion(tx, { companyId: null, summary: `Line added: ${input.manufacturer} ${input.line} (${input.source})`, createdBy: actor.userId });
    });
    return entry;
  }

  async function replaceCatalogEntry(actor: Actor, id: string, input: EntryInput): Promise<CatalogEntry> {
    const entry = { ...input, id, scope: 'catalog' as const };
    await db.transaction(async (tx) => {
      if (!(await updateCatalogEntry(tx, id, null, entry, actor.userId))) throw AppError.notFound('Catalog line not found');
      await addVersion(tx, { companyId: null, summary: `Line changed: ${input.manufacturer} ${input.line} (${input.source})`, createdBy: actor.userId });
    });
    return entry;
  }

  async function retireCatalog(actor: Actor, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await findCatalogEntry(tx, null, id);
      if (!(await retireCatalogEntry(tx, id, null, actor.userId)) || !row) throw AppError.notFound('Catalog line not found');
      const entry = presentEntry(row);
      await addVersion(tx, { companyId: null, summary: `Line retired: ${entry.manufacturer} ${entry.line}`, createdBy: actor.userId });
    });
  }

  async function replaceLocalProduct(actor: Actor, tenant: Tenant, id: string, input: EntryInput): Promise<CatalogEntry> {
    assertCanManageLocalProducts(tenant);
    const entry = { ...asCompanyEntry(input), id, scope: 'company' as const };
    await db.transaction(async (tx) => {
      if (!(await updateCatalogEntry(tx, id, tenant.companyId, entry, actor.userId))) throw AppError.notFound('Product not found');
      await addVersion(tx, { companyId: tenant.companyId, summary: `Own product changed: ${input.manufacturer} ${input.line}`, createdBy: actor.userId });
    });
    return entry;
  }

  return {
    catalog,
    save,
    uploadPhoto,
    replaceLocalProduct,
    detail: identificationOrNotFound,
    history,
    historyCsv,
    forProject,
    addLocalProduct,
    retireLocalProduct,
    addCatalogEntry,
    replaceCatalogEntry,
    retireCatalog,
  };
}

export type ShinglesService = ReturnType<typeof createShinglesService>;
