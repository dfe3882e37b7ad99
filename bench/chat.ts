import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { openDatabase } from '../apps/server/src/infra/db/client';
import { createLogger } from '../apps/server/src/lib/logger';
import {
  GRACE_MS,
  openSocket,
  option,
  prepareClients,
  ridgelineSide,
  ROOM_SIZE,
  round1,
  runSide,
  SERVER_ENV,
  type ChatLoad,
  type Side,
  type SideResult,
} from './chat-load';
import { dropDatabase, freshDatabase, startChild, startServerChild, stopServerChild, writeResults } from './support';

// `npm run bench:chat`: N WebSocket clients (500) in rooms of 10 (each room one group conversation of
// ten colleagues of one company), each with its own session, posting through the real API
// (POST /api/chat/conversations/:id/messages, the real server in a child process) at a fixed total
// rate (250 messages/s) for a fixed time after a warm-up. Each message carries its send time; every
// member's socket records the delivery latency of its `message` event. Side by side in the same run,
// with the same clients, rooms and rate: a bare `ws` relay that stores each message with one INSERT
// on the same PostgreSQL before sending it to the room (bench/chat-relay-child.ts). Reported: p50,
// p95, p99 latency, messages lost (a delivery not received 5 s after the end) and duplicated, and the
// ratio of the two p99s. Goal: p99 under 2x the relay's, 0 lost, 0 duplicated.
//
// Options (env or --name=value): CHAT_BENCH_CLIENTS (500, a multiple of 10), CHAT_BENCH_RATE (250),
// CHAT_BENCH_SECONDS (20), CHAT_BENCH_WARMUP (3). Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.

const LOAD: ChatLoad = {
  clients: Math.max(ROOM_SIZE, Math.floor(option('clients', 500) / ROOM_SIZE) * ROOM_SIZE),
  rate: option('rate', 250),
  seconds: option('seconds', 20),
  warmup: option('warmup', 3),
};
const CLIENTS = LOAD.clients;
const ROOMS = CLIENTS / ROOM_SIZE;
const PORT = Number(process.env.BENCH_CHAT_PORT ?? 3331);
const RELAY_PORT = Number(process.env.BENCH_CHAT_RELAY_PORT ?? 3332);
const ORIGIN = `http://localhost:${PORT}`;
const GOAL = { ratio: 2, lost: 0, duplicated: 0 } as const;

// BENCH_PROFILE=<folder>: each child writes a V8 CPU profile there when it stops (support.ts).

function relaySide(relay: ChildProcess): Side {
  return {
    name: 'relay',
    pids: () => [relay.pid],
    connect: (client, onContent) =>
      openSocket(`ws://localhost:${RELAY_PORT}/?room=${client.room}`, {}, (text) => onContent((JSON.parse(text) as { content: string }).content), false),
    send: async (_client, socket, content) => {
      if (socket.readyState !== WebSocket.OPEN) return false;
      socket.send(content);
      return true;
    },
  };
}

function machine(postgresVersion: string) {
  const cpu = cpus();
  return {
    cpu: `${cpu[0]?.model ?? 'unknown'} x ${cpu.length}`,
    memoryGb: round1(totalmem() / 1024 ** 3),
    node: process.version,
    postgres: postgresVersion,
    loadAverageAtStart: loadavg().map(round1),
  };
}

function markdown(data: {
  machine: ReturnType<typeof machine>;
  config: Record<string, number>;
  results: SideResult[];
  ratio: number;
  met: boolean;
  date: string;
}): string {
  const row = (r: SideResult) =>
    `| ${r.side === 'ridgeline' ? 'Ridgeline (API + LISTEN/NOTIFY + hub)' : 'bare ws relay (INSERT, then relay)'} | ${r.latencyMs.p50} | ${r.latencyMs.p95} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ${r.deliveries} / ${r.expectedDeliveries} | ${r.lost} | ${r.duplicated} | ${r.sendErrors} | ${r.serverCpuMsPerMessage ?? 'n/a'} |`;
  const [ours, relay] = data.results;
  return `# Chat delivery benchmark (\`npm run bench:chat\`)

PostgreSQL: ${data.machine.postgres}.

Command: \`TEST_DATABASE_URL=… npm run bench:chat\` with ${data.config.clients} WebSocket clients in rooms of
${data.config.roomSize} (one group conversation of one company each), ${data.config.rate} messages/s in all for
${data.config.seconds} s after ${data.config.warmup} s of warm-up; each member's socket records send -> receive.
Latency counts the measured seconds; lost and duplicated count every message (warm-up included),
a delivery is lost if not received ${GRACE_MS / 1000} s after the last send was answered. Server CPU
per message is the server (or relay) process's CPU during the measured seconds over the messages sent in them.

| side | p50 ms | p95 ms | p99 ms | max ms | delivered | lost | duplicated | send errors | server CPU ms/msg |
|---|---|---|---|---|---|---|---|---|---|
${ours ? row(ours) : ''}
${relay ? row(relay) : ''}

Ratio of p99 (Ridgeline / relay): **${data.ratio}** (goal: under ${GOAL.ratio}, with 0 lost and 0 duplicated):
**${data.met ? 'met' : 'missed'}**.
`;
}

const databaseUrl = await freshDatabase();
if (!databaseUrl) throw new Error('bench:chat needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server it may create a database on)');
let server: ChildProcess | null = null;
let relay: ChildProcess | null = null;
try {
  server = await startServerChild(PORT, databaseUrl, SERVER_ENV);
  const prepared = performance.now();
  const clients = await prepareClients(databaseUrl, ORIGIN, LOAD);
  console.log(`${CLIENTS} clients signed in, ${ROOMS} rooms in ${((performance.now() - prepared) / 1000).toFixed(1)} s`);
  const running = server;
  const ours = await runSide(
    ridgelineSide(
      'ridgeline',
      () => [running.pid],
      ORIGIN,
      () => ORIGIN,
      ORIGIN,
    ),
    clients,
    LOAD,
  );
  console.log(JSON.stringify(ours));
  await stopServerChild(server);
  server = null;
  relay = await startChild('./chat-relay-child.ts', RELAY_PORT, databaseUrl);
  const bare = await runSide(relaySide(relay), clients, LOAD);
  console.log(JSON.stringify(bare));
  const ratio = Number((ours.latencyMs.p99 / Math.max(0.1, bare.latencyMs.p99)).toFixed(2));
  const met = ratio < GOAL.ratio && ours.lost === GOAL.lost && ours.duplicated === GOAL.duplicated;
  const admin = openDatabase(databaseUrl, createLogger('silent'), 1);
  const version = (await admin.pool.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? 'unknown';
  await admin.close();
  const data = {
    date: new Date().toISOString(),
    machine: machine(`PostgreSQL ${version}`),
    config: { clients: CLIENTS, roomSize: ROOM_SIZE, rate: LOAD.rate, seconds: LOAD.seconds, warmup: LOAD.warmup },
    results: [ours, bare],
    ratio,
    met,
  };
  writeResults('chat', data, markdown(data));
} finally {
  if (server) await stopServerChild(server);
  if (relay) await stopServerChild(relay);
  await dropDatabase(databaseUrl);
}
process.exit(0);
