import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { openDatabase } from '../apps/server/src/infra/db/client';
import { createLogger } from '../apps/server/src/lib/logger';
import { createCompany, createUser, TEST_PASSWORD, type TestUser } from '../apps/server/src/test/factories';
import { percentile, pool, postJson, processCpuSeconds, sessionCookieOf } from './support';

// The chat load both `bench:chat` and `bench:cluster` drive: rooms of ten colleagues of one company
// (one group conversation each, every member signed in with an address of their own), a fixed total
// rate of messages, each carrying its send time, and every member's socket recording when it
// arrives. A side says how a client connects and sends; the load is the same for every side.

export type ChatLoad = { clients: number; rate: number; seconds: number; warmup: number };

export function option(name: string, fallback: number): number {
  const flag = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  const raw = flag?.split('=')[1] ?? process.env[`CHAT_BENCH_${name.toUpperCase()}`];
  const value = Number(raw ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

export const ROOM_SIZE = 10;
/** A delivery not received this long after the last send is lost. */
export const GRACE_MS = 5000;
/** The ceilings the server is given for the run (a real user stays far below them). */
const RAISED_LIMITS = { API_WRITE_LIMIT: '10000000', CHAT_MESSAGE_LIMIT: '10000000', AUTH_IP_LIMIT: '10000000' };
/**
 * Every client has an address of its own, as real phones and offices do: the server trusts the
 * loopback proxy's X-Forwarded-For. Without it every request would count against one address's
 * write-limit row, a queue no real deployment has.
 */
export const SERVER_ENV = { ...RAISED_LIMITS, TRUST_PROXY: 'loopback' };
export const addressOf = (index: number) => `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`;

export type Client = { index: number; room: number; user: TestUser; cookie: string; conversationId: string };
type Sent = { sentAt: number; room: number; measured: boolean; received: Map<number, number> };
export type SideResult = {
  side: string;
  messages: number;
  measuredMessages: number;
  expectedDeliveries: number;
  deliveries: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  lost: number;
  duplicated: number;
  sendErrors: number;
  /** CPU the server (or relay) processes spent per message sent, PostgreSQL not counted; null without /proc. */
  serverCpuMsPerMessage: number | null;
};

export const round1 = (n: number) => Number(n.toFixed(1));

/** POST to the API at `origin` as a browser of `address` would (Origin is the app's public address). */
export const postAs = (origin: string, publicOrigin: string, path: string, body: unknown, cookie = '', address = '10.255.0.1') =>
  postJson(origin, path, body, cookie, { origin: publicOrigin, 'x-forwarded-for': address });

/** The rooms: one company of ten colleagues each, every one signed in, and the owner's group conversation. */
export async function prepareClients(databaseUrl: string, origin: string, load: ChatLoad): Promise<Client[]> {
  const rooms = load.clients / ROOM_SIZE;
  const post = (path: string, body: unknown, cookie = '', address = '10.255.0.1') => postAs(origin, origin, path, body, cookie, address);
  const database = openDatabase(databaseUrl, createLogger('silent'), 4);
  const clients: Client[] = [];
  try {
    for (let room = 0; room < rooms; room++) {
      const company = await createCompany(database.db, { name: `Bench Roofing ${room}`, owner: { firstName: 'Owner', lastName: `Room${room}` } });
      const people = [company.owner];
      for (let i = 1; i < ROOM_SIZE; i++) people.push(await createUser(database.db, { company, firstName: `Crew${i}`, lastName: `Room${room}` }));
      people.forEach((user, i) => clients.push({ index: room * ROOM_SIZE + i, room, user, cookie: '', conversationId: '' }));
    }
  } finally {
    await database.close();
  }
  await pool(clients, 4, async (client) => {
    const response = await post('/api/auth/sign-in/email', { email: client.user.email, password: TEST_PASSWORD }, '', addressOf(client.index));
    if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
    client.cookie = sessionCookieOf(response);
  });
  await pool(
    Array.from({ length: rooms }, (_, room) => room),
    4,
    async (room) => {
      const members = clients.filter((client) => client.room === room);
      const [owner, ...others] = members;
      if (!owner) throw new Error('empty room');
      const response = await post(
        '/api/chat/conversations',
        { memberIds: others.map((other) => other.user.id), name: `Crew ${room}` },
        owner.cookie,
        addressOf(owner.index),
      );
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

export type Side = {
  name: string;
  /** Opens client `client`'s socket; `onContent` receives the content of every message it delivers. */
  connect: (client: Client, onContent: (content: string) => void) => Promise<WebSocket>;
  /** Sends one message from the client; resolves false when the send failed. */
  send: (client: Client, socket: WebSocket, content: string) => Promise<boolean>;
  /** The processes whose CPU is counted (the server or servers, or the relay). */
  pids: () => (number | undefined)[];
};

export function openSocket(url: string, headers: Record<string, string>, onText: (text: string) => void, readyFirst: boolean): Promise<WebSocket> {
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

/** CPU seconds of all the given processes together; null when one cannot be read. */
function cpuOf(pids: (number | undefined)[]): number | null {
  let total = 0;
  for (const pid of pids) {
    const seconds = processCpuSeconds(pid);
    if (seconds === null) return null;
    total += seconds;
  }
  return total;
}

export async function runSide(side: Side, clients: Client[], load: ChatLoad): Promise<SideResult> {
  const { rate: RATE, seconds: SECONDS, warmup: WARMUP } = load;
  const ROOMS = load.clients / ROOM_SIZE;
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
      if (cpuStart === null && elapsed >= WARMUP) cpuStart = cpuOf(side.pids());
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
  const cpuEnd = cpuOf(side.pids());
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
    latencyMs: {
      p50: round1(percentile(latencies, 0.5)),
      p95: round1(percentile(latencies, 0.95)),
      p99: round1(percentile(latencies, 0.99)),
      max: round1(latencies.at(-1) ?? 0),
    },
    lost,
    duplicated,
    sendErrors,
    serverCpuMsPerMessage: cpuStart !== null && cpuEnd !== null ? round1(((cpuEnd - cpuStart) * 1000) / (RATE * measuredSeconds)) : null,
  };
}

/**
 * Ridgeline's side: messages posted to `postOrigin` (an instance, or a proxy in front of several),
 * each client's socket opened on `socketOrigin(client)`; `publicOrigin` is the app's address the
 * browser would send as Origin.
 */
export function ridgelineSide(
  name: string,
  pids: () => (number | undefined)[],
  postOrigin: string,
  socketOrigin: (client: Client) => string,
  publicOrigin: string,
): Side {
  return {
    name,
    pids,
    connect: (client, onContent) =>
      openSocket(
        `${socketOrigin(client).replace(/^http/, 'ws')}/api/realtime`,
        { Origin: publicOrigin, Cookie: client.cookie },
        (text) => {
          const event = JSON.parse(text) as { type: string; message?: { content: string } };
          if (event.type === 'message' && event.message) onContent(event.message.content);
        },
        true,
      ),
    send: async (client, _socket, content) => {
      try {
        const response = await postAs(
          postOrigin,
          publicOrigin,
          `/api/chat/conversations/${client.conversationId}/messages`,
          { clientId: randomUUID(), content },
          client.cookie,
          addressOf(client.index),
        );
        await response.arrayBuffer();
        return response.status === 201;
      } catch {
        return false;
      }
    },
  };
}
