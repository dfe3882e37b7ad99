import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { openDatabase } from '../apps/server/src/infra/db/client';
import { createLogger } from '../apps/server/src/lib/logger';

// The yardstick of the API overhead benchmark: a bare Hono app on the same Node server adapter
// answering GET /api/health with the same database round trip on a pool of the server's size, in a
// process of its own (pinned like the server), with no middleware at all.
const port = Number(process.env.BENCH_PORT);
const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
if (!port || !databaseUrl) throw new Error('BENCH_PORT and BENCH_SERVER_DATABASE_URL are required');

const database = openDatabase(databaseUrl, createLogger('silent'), 10);
const app = new Hono();
app.get('/api/health', async (c) => {
  await database.db.execute(sql`select 1`);
  return c.json({ status: 'ok' });
});
const server = serve({ fetch: app.fetch, port });
const stop = async () => {
  server.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('disconnect', () => void stop());
server.once('listening', () => process.send?.('ready'));
