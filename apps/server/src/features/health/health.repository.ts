import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';

/** The cheapest round trip: throws when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
