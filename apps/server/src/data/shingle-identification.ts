import { sql } from 'drizzle-orm';
import type { Db, DbTx } from '../infra/db/client';

// A claim file's saved shingle identification as its claim packet prints it (the Shingle ID page):
// the shingles feature writes them; documents read the newest.

export type ShingleIdPhotoRow = { id: string; kind: string; filePath: string; fileName: string; createdAt: Date };
export type ShingleIdRow = {
  id: string;
  measurements: unknown;
  ranking: unknown;
  catalogVersion: number;
  address: string;
  color: string;
  createdAt: Date;
  /** The photos the server holds for it, in the order they arrived. */
  photos: ShingleIdPhotoRow[];
};

/** The newest shingle identification saved to a claim file, or null (the packet's Shingle ID page). */
export async function findLatestShingleId(db: Db | DbTx, companyId: string, projectId: string): Promise<ShingleIdRow | null> {
  const result = await db.execute<{
    id: string;
    measurements: unknown;
    ranking: unknown;
    catalog_version: number;
    address: string;
    color: string;
    created_at: string | Date;
  }>(sql`
    select i.id, i.measurements, i.ranking, i.catalog_version, i.address, i.color, i.created_at
    from shingle_identifications i
    where i.company_id = ${companyId} and i.project_id = ${projectId}
    order by i.created_at desc, i.id desc
    limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  const photos = await db.execute<{ id: string; kind: string; file_path: string; file_name: string; created_at: string | Date }>(sql`
    select p.id, p.kind, p.file_path, p.file_name, p.created_at
    from shingle_photos p
    where p.company_id = ${companyId} and p.identification_id = ${row.id}
    order by p.created_at, p.id`);
  return {
    id: row.id,
    measurements: row.measurements,
    ranking: row.ranking,
    catalogVersion: row.catalog_version,
    address: row.address,
    color: row.color,
    createdAt: new Date(row.created_at),
    photos: photos.rows.map((p) => ({ id: p.id, kind: p.kind, filePath: p.file_path, fileName: p.file_name, createdAt: new Date(p.created_at) })),
  };
}
