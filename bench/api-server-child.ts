import { startBenchServer } from './support';

// The real Ridgeline server in a process of its own for `npm run bench:api`, so the load generator
// and the direct node-postgres callers never share the server's thread. The parent passes the port
// and the database, waits for 'ready' and stops it with SIGTERM.
const port = Number(process.env.BENCH_PORT);
const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
if (!port || !databaseUrl) throw new Error('BENCH_PORT and BENCH_SERVER_DATABASE_URL are required');

const server = await startBenchServer(port, databaseUrl, process.env.BENCH_DATA_DIR);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
// The parent went away (finished or crashed): never outlive it.
process.once('disconnect', () => void stop());
process.send?.('ready');
