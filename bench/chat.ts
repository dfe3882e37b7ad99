import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { openDatabase } from '../apps/server/src/infra/db/client';
import { createLogger } from '../apps/server/src/lib/logger';
import { createCompany, createUser, TEST_PASSWORD, type TestUser } from '../apps/server/src/test/factories';
import { dropDatabase, freshDatabase, percentile, pool, processCpuSeconds, sessionCookieOf, startChild, startServerChild, stopServerChild, writeResults } from './support';

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

function option(name: string, fallback: number): number {
  const flag = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  const raw = flag?.split('=')[1] ?? process.env[`CHAT_BENCH_${name.toUpperCase()}`];
  const value = Number(raw ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const ROOM_SIZE = 10;
const CLIENTS = Math.max(ROOM_SIZE, Math.floor(option('clients', 500) / ROOM_SIZE) * ROOM_SIZE);
const ROOMS = CLIENTS / ROOM_SIZE;
const RATE = option('rate', 250);
const SECONDS = option('seconds', 20);
const WARMUP = option('warmup', 3);
/** A delivery not received this long after the last send is lost. */
const GRACE_MS = 5000;
const PORT = Number(process.env.BENCH_CHAT_PORT ?? 3331);
const RELAY_PORT = Number(process.env.BENCH_CHAT_RELAY_PORT ?? 3332);
const ORIGIN = `http://localhost:${PORT}`;
const GOAL = { ratio: 2, lost: 0, duplicated: 0 } as const;
/** The ceilings the server is given for the run (a real user stays far below them). */
const RAISED_LIMITS = { API_WRITE_LIMIT: '10000000', CHAT_MESSAGE_LIMIT: '10000000', AUTH_IP_LIMIT: '10000000' };
/**
 * Every client has an address of its own, as real phones and offices do: the server trusts the
 * loopback proxy's X-Forwarded-For. Without it every request would count against one address's
 * write-limit row, a queue no real deployment has.
 */
const SERVER_ENV = { ...RAISED_LIMITS, TRUST_PROXY: 'loopback' };
const addressOf = (index: number) => `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`;

type Client = { index: number; room: number; user: TestUser; cookie: string; conversationId: string };
type Sent = { sentAt: number; room: number; measured: boolean; received: Map<number, number> };
type SideResult = {
  side: 'ridgeline' | 'relay';
  messages: number;
  measuredMessages: number;
  expectedDeliveries: number;
  deliveries: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  lost: number;
  duplicated: number;
  sendErrors: number;
  /** CPU the server (or relay) process spent per message sent, PostgreSQL not counted; null without /proc. */
  serverCpuMsPerMessage: number | null;
};

const round1 = (n: number) => Number(n.toFixed(1));



// CHAT_BENCH_PROFILE=<folder>: each child writes a V8 CPU profile there when it stops.
const PROFILE = process.env.CHAT_BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CHAT_BENCH_PROFILE}`] : [];

const post = (path: string, body: unknown, cookie = '', address = '10.255.0.1') =>
  fetch(`${ORIGIN}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN, cookie, 'x-forwarded-for': address }, body: JSON.stringify(body) });

async function signIn(user: TestUser, address: string): Promise<string> {
  const response = await post('/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD }, '', address);
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return sessionCookieOf(response);
}

/** The rooms: one company of ten colleagues each, every one signed in, and the owner's group conversation. */
async function prepareClients(databaseUrl: string): Promise<Client[]> {
  const database = openDatabase(databaseUrl, createLogger('silent'), 4);
  const clients: Client[] = [];
  try {
    for (let room = 0; room < ROOMS; room++) {
      const company = await createCompany(database.db, { name: `Bench Roofing ${room}`, owner: { firstName: 'Owner', lastName: `Room${room}` } });
      const people = [company.owner];
      for (let i = 1; i < ROOM_SIZE; i++) people.push(await createUser(database.db, { company, firstName: `Crew${i}`, lastName: `Room${room}` }));
      people.forEach((user, i) => clients.push({ index: room * ROOM_SIZE + i, room, user, cookie: '', conversationId: '' }));
    }
  } finally {
    await database.close();
  }
  await pool(clients, 4, async (client) => {
    client.cookie = await signIn(client.user, addressOf(client.index));
  });
  await pool(
    Array.from({ length: ROOMS }, (_, room) => room),
    4,
    async (room) => {
      const members = clients.filter((client) => client.room === room);
      const [owner, ...others] = members;
      if (!owner) throw new Error('empty room');
      const response = await post('/api/chat/conversations', { memberIds: others.map((other) => other.user.id), name: `Crew ${room}` }, owner.cookie, addressOf(owner.index));
      if (response.status !== 201) throw new Error(`creating the group answered ${response.status}: ${await response.text()}`);
      const { conversation } = (await response.json()) as { conversation: { id: string } };
      for (const member of members) member.conversationId = conversation.id;
    },
  );
  return clients;
}

/** The content of message `id`: its send time on this process's clock travels with it. */
const contentOf = (id: number, sentAt: number) => `bench|${id}|${sentAt.toFixed(3)}`;
function parseContent(content: string): { id: number; sentAt: number } | null {
  const [tag, id, sentAt] = content.split('|');
  return tag === 'bench' ? { id: Number(id), sentAt: Number(sentAt) } : null;
}

type Side = {
  name: SideResult['side'];
  /** Opens client `client`'s socket; `onContent` receives the content of every message it delivers. */
  connect: (client: Client, onContent: (content: string) => void) => Promise<WebSocket>;
  /** Sends one message from the client; resolves false when the send failed. */
  send: (client: Client, socket: WebSocket, content: string) => Promise<boolean>;
  pid: () => number | undefined;
};

function openSocket(url: string, headers: Record<string, string>, onText: (text: string) => void, readyFirst: boolean): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    ws.on('message', (data) => {
      const text = data.toString();
      if (readyFirst && text === '{"type":"ready"}') {
        resolve(ws);
        return;
      }
      onText(text);
    });
    ws.once('open', () => {
      if (!readyFirst) resolve(ws);
    });
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused with ${response.statusCode}`)));
  });
}

async function runSide(side: Side, clients: Client[]): Promise<SideResult> {
  const sent = new Map<number, Sent>();
  const latencies: number[] = [];
  let deliveries = 0;
  const sockets = new Map<number, WebSocket>();
  await pool(clients, 25, async (client) => {
    const ws = await side.connect(client, (content) => {
      const receivedAt = performance.now();
      const parsed = parseContent(content);
      if (!parsed) return;
      const record = sent.get(parsed.id);
      if (!record) return;
      const times = (record.received.get(client.index) ?? 0) + 1;
      record.received.set(client.index, times);
      if (times > 1) return;
      deliveries += 1;
      if (record.measured) latencies.push(receivedAt - parsed.sentAt);
    });
    sockets.set(client.index, ws);
  });

  let sendErrors = 0;
  const pending = new Set<Promise<void>>();
  const total = Math.round(RATE * (WARMUP + SECONDS));
  let cpuStart: number | null = null;
  const start = performance.now();
  let count = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - start) / 1000;
      const due = Math.min(total, Math.floor(elapsed * RATE));
      if (cpuStart === null && elapsed >= WARMUP) cpuStart = processCpuSeconds(side.pid());
      while (count < due) {
        const id = count;
        count += 1;
        // Consecutive messages go to different rooms, from a different member each time round.
        const room = id % ROOMS;
        const client = clients[room * ROOM_SIZE + (Math.floor(id / ROOMS) % ROOM_SIZE)] as Client;
        const sentAt = performance.now();
        sent.set(id, { sentAt, room, measured: elapsed >= WARMUP, received: new Map() });
        const socket = sockets.get(client.index) as WebSocket;
        const sending = side.send(client, socket, contentOf(id, sentAt)).then((ok) => {
          if (!ok) sendErrors += 1;
        });
        pending.add(sending);
        void sending.finally(() => pending.delete(sending));
      }
      if (count >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  const cpuEnd = processCpuSeconds(side.pid());
  await Promise.all(pending);
  const expectedDeliveries = total * ROOM_SIZE;
  const deadline = performance.now() + GRACE_MS;
  while (deliveries < expectedDeliveries && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  // A moment more for any duplicate still in flight.
  await new Promise((resolve) => setTimeout(resolve, 250));
  for (const ws of sockets.values()) ws.terminate();

  let lost = 0;
  let duplicated = 0;
  let measuredMessages = 0;
  for (const record of sent.values()) {
    if (record.measured) measuredMessages += 1;
    lost += ROOM_SIZE - record.received.size;
    for (const times of record.received.values()) duplicated += times - 1;
  }
  latencies.sort((a, b) => a - b);
  const measuredSeconds = SECONDS;
  return {
    side: side.name,
    messages: total,
    measuredMessages,
    expectedDeliveries,
    deliveries,
    latencyMs: { p50: round1(percentile(latencies, 0.5)), p95: round1(percentile(latencies, 0.95)), p99: round1(percentile(latencies, 0.99)), max: round1(latencies.at(-1) ?? 0) },
    lost,
    duplicated,
    sendErrors,
    serverCpuMsPerMessage: cpuStart !== null && cpuEnd !== null ? round1(((cpuEnd - cpuStart) * 1000) / (RATE * measuredSeconds)) : null,
  };
}

function ridgelineSide(server: ChildProcess): Side {
  return {
    name: 'ridgeline',
    pid: () => server.pid,
    connect: (client, onContent) =>
      openSocket(
        `ws://localhost:${PORT}/api/realtime`,
        { Origin: ORIGIN, Cookie: client.cookie },
        (text) => {
          const event = JSON.parse(text) as { type: string; message?: { content: string } };
          if (event.type === 'message' && event.message) onContent(event.message.content);
        },
        true,
      ),
    send: async (client, _socket, content) => {
      try {
        const response = await post(`/api/chat/conversations/${client.conversationId}/messages`, { clientId: randomUUID(), content }, client.cookie, addressOf(client.index));
        await response.arrayBuffer();
        return response.status === 201;
      } catch {
        return false;
      }
    },
  };
}

function relaySide(relay: ChildProcess): Side {
  return {
    name: 'relay',
    pid: () => relay.pid,
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

function markdown(data: { machine: ReturnType<typeof machine>; config: Record<string, number>; results: SideResult[]; ratio: number; met: boolean; date: string }): string {
  const row = (r: SideResult) =>
    `| ${r.side === 'ridgeline' ? 'Ridgeline (API + LISTEN/NOTIFY + hub)' : 'bare ws relay (INSERT, then relay)'} | ${r.latencyMs.p50} | ${r.latencyMs.p95} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ${r.deliveries} / ${r.expectedDeliveries} | ${r.lost} | ${r.duplicated} | ${r.sendErrors} | ${r.serverCpuMsPerMessage ?? 'n/a'} |`;
  const [ours, relay] = data.results;
  return `# Chat delivery benchmark (\`npm run bench:chat\`)

${data.date}. Machine: ${data.machine.cpu}, ${data.machine.memoryGb} GB, Node ${data.machine.node}, ${data.machine.postgres};
load average at start ${data.machine.loadAverageAtStart.join(' / ')} (the machine is shared).

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
  server = await startServerChild(PORT, databaseUrl, SERVER_ENV, PROFILE);
  const prepared = performance.now();
  const clients = await prepareClients(databaseUrl);
  console.log(`${CLIENTS} clients signed in, ${ROOMS} rooms in ${((performance.now() - prepared) / 1000).toFixed(1)} s`);
  const ours = await runSide(ridgelineSide(server), clients);
  console.log(JSON.stringify(ours));
  await stopServerChild(server);
  server = null;
  relay = await startChild('./chat-relay-child.ts', RELAY_PORT, databaseUrl, {}, PROFILE);
  const bare = await runSide(relaySide(relay), clients);
  console.log(JSON.stringify(bare));
  const ratio = Number((ours.latencyMs.p99 / Math.max(0.1, bare.latencyMs.p99)).toFixed(2));
  const met = ratio < GOAL.ratio && ours.lost === GOAL.lost && ours.duplicated === GOAL.duplicated;
  const admin = openDatabase(databaseUrl, createLogger('silent'), 1);
  const version = (await admin.pool.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? 'unknown';
  await admin.close();
  const data = {
    date: new Date().toISOString(),
    machine: machine(`PostgreSQL ${version}`),
    config: { clients: CLIENTS, roomSize: ROOM_SIZE, rate: RATE, seconds: SECONDS, warmup: WARMUP },
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
