import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/index';

const KEY = 'vapid_keys';

/** The server's VAPID key pair (base64url, as web push uses them). */
export type VapidKeys = { publicKey: string; privateKey: string };

function isVapidKeys(value: unknown): value is VapidKeys {
  if (typeof value !== 'object' || value === null) return false;
  const { publicKey, privateKey } = value as Record<string, unknown>;
  return typeof publicKey === 'string' && publicKey.length > 0 && typeof privateKey === 'string' && privateKey.length > 0;
}

/**
 * Generates the key pair on first start and keeps it in app_settings: insert if absent, then read
 * back what is stored, so two instances starting together on one database use the same pair (a
 * browser's subscription is bound to the public key it was made with).
 */
async function readOrCreateVapidKeys(db: Db): Promise<VapidKeys> {
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(appSettings)
    .values({ key: KEY, value: sql`${JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey })}::jsonb` })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  if (!row || !isVapidKeys(row.value)) throw new Error('Could not load the VAPID keys');
  return { publicKey: row.value.publicKey, privateKey: row.value.privateKey };
}

// One load per database per process: the first caller reads (or creates) the pair, later callers share the promise.
const loaded = new WeakMap<Db, Promise<VapidKeys>>();

/** The VAPID keys of this database, loaded once per process. A failed load is forgotten so the next call tries again. */
export function loadVapidKeys(db: Db): Promise<VapidKeys> {
  let keys = loaded.get(db);
  if (!keys) {
    keys = readOrCreateVapidKeys(db);
    loaded.set(db, keys);
    keys.catch(() => loaded.delete(db));
  }
  return keys;
}
