import { createHmac, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/index';

const KEY = 'internal.auth_secret';

/**
 * The signing secret: BETTER_AUTH_SECRET when given, else one generated on first start and kept in
 * the database, so every instance on the same database shares it and `npm start` needs no setup.
 */
export async function loadAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: KEY, value: sql`${JSON.stringify(randomBytes(32).toString('base64url'))}::jsonb` })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  if (!row || typeof row.value !== 'string') throw new Error('Could not load the auth secret');
  return row.value;
}

/** A secret for one purpose derived from the main secret (storage URL signatures, ...). */
export function deriveSecret(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}
