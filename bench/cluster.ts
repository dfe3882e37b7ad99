import type { ChildProcess } from 'node:child_process';
import { createServer, request, Agent, type Server } from 'node:http';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/infra/db/client';
import { createLogger } from '../apps/server/src/lib/logger';
import { createCompany, insertProjectRow, TEST_PASSWORD } from '../apps/server/src/test/factories';
import { option, postAs, prepareClients, ridgelineSide, ROOM_SIZE, round1, runSide, SERVER_ENV, type ChatLoad, type SideResult } from './chat-load';
import { benchDataDir, dropDatabase, freshDatabase, median, sessionCookieOf, startServerChild, stopServerChild, writeResults } from './support';

// `npm run bench:cluster`: the chat load of bench:chat and the claim-file list of bench:api against
// one instance and then two instances of the real server (child processes on one PostgreSQL and
// one file store), both times behind the same small round-robin HTTP proxy, in the same run: the
// proxy's hop is paid alike, so the ratio is what the second instance changes. WebSockets connect
// to the instances directly, spread evenly (a balancer keeps an upgraded connection where it
// landed); messages are posted through the proxy, so a message posted to one instance reaches
// members whose sockets are on the other through PostgreSQL's LISTEN/NOTIFY.
//
// Options (env or --name=value, as bench:chat): CHAT_BENCH_CLIENTS (200), CHAT_BENCH_RATE (100),
// CHAT_BENCH_SECONDS (10), CHAT_BENCH_WARMUP (2); BENCH_SECONDS (5) and BENCH_ROUNDS (3) for the list.
// Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.

const LOAD: ChatLoad = {
  clients: Math.max(ROOM_SIZE, Math.floor(option('clients', 200) / ROOM_SIZE) * ROOM_SIZE),
  rate: option('rate', 100),
  seconds: option('seconds', 10),
  warmup: option('warmup', 2),
};
const LIST_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CALLERS = 100;
const CLAIM_FILES = 1000;
const PROXY_PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 3340);
const PROXY = `http://localhost:${PROXY_PORT}`;
const INSTANCE_PORTS = [PROXY_PORT + 1, PROXY_PORT + 2] as const;

/** A round-robin HTTP proxy over `targets` (changed between the runs), keeping connections alive. */
function startProxy(targets: number[]): Promise<Server> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let turn = 0;
  const server = createServer((incoming, outgoing) => {
    const port = targets[turn++ % targets.length];
    const upstream = request({ host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(PROXY_PORT, '127.0.0.1', () => resolve(server)));
}

type ListResult = { rps: number; p99ms: number; errors: number };

async function listRun(cookie: string, seconds: number): Promise<ListResult> {
  const result = await autocannon({ url: `${PROXY}/api/projects`, headers: { cookie }, connections: CALLERS, duration: seconds });
  return { rps: result.requests.average, p99ms: result.latency.p99, errors: result.errors + result.non2xx };
}

async function listMedian(cookie: string): Promise<ListResult & { rounds: ListResult[] }> {
  await listRun(cookie, Math.max(1, Math.round(LIST_SECONDS / 3)));
  const rounds: ListResult[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await listRun(cookie, LIST_SECONDS));
  return {
    rps: round1(median(rounds.map((r) => r.rps))),
    p99ms: median(rounds.map((r) => r.p99ms)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    rounds,
  };
}

const databaseUrl = await freshDatabase();
if (!databaseUrl) throw new Error('bench:cluster needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server it may create a database on)');
const dataDir = benchDataDir();
const env = { ...SERVER_ENV, BENCH_PUBLIC_URL: PROXY, BENCH_DATA_DIR: dataDir };
const instances: ChildProcess[] = [];
const targets: number[] = [INSTANCE_PORTS[0]];
let proxy: Server | null = null;
try {
  instances.push(await startServerChild(INSTANCE_PORTS[0], databaseUrl, env));
  proxy = await startProxy(targets);

  // The claim-file list: one company with 1,000 claim files, its owner signed in.
  const database = openDatabase(databaseUrl, createLogger('silent'), 2);
  const company = await createCompany(database.db, { name: 'Cluster Bench Roofing' });
  for (let i = 0; i < CLAIM_FILES; i++) await insertProjectRow(database.db, company.id, { title: `Claim ${i}` });
  await database.close();
  const signIn = await postAs(PROXY, PROXY, '/api/auth/sign-in/email', { email: company.owner.email, password: TEST_PASSWORD });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = sessionCookieOf(signIn);
  const clients = await prepareClients(databaseUrl, PROXY, LOAD);

  const first = instances[0];
  const oneChat = await runSide(
    ridgelineSide(
      'one instance',
      () => [first?.pid],
      PROXY,
      () => `http://localhost:${INSTANCE_PORTS[0]}`,
      PROXY,
    ),
    clients,
    LOAD,
  );
  console.log(JSON.stringify(oneChat));
  const oneList = await listMedian(cookie);
  console.log(JSON.stringify(oneList));

  instances.push(await startServerChild(INSTANCE_PORTS[1], databaseUrl, env));
  targets.push(INSTANCE_PORTS[1]);
  const twoChat = await runSide(
    ridgelineSide(
      'two instances',
      () => instances.map((child) => child.pid),
      PROXY,
      (client) => `http://localhost:${INSTANCE_PORTS[client.index % 2]}`,
      PROXY,
    ),
    clients,
    LOAD,
  );
  console.log(JSON.stringify(twoChat));
  const twoList = await listMedian(cookie);
  console.log(JSON.stringify(twoList));

  const chatRow = (r: SideResult) =>
    `| ${r.side} | ${r.latencyMs.p50} | ${r.latencyMs.p95} | ${r.latencyMs.p99} | ${r.deliveries} / ${r.expectedDeliveries} | ${r.lost} | ${r.duplicated} | ${r.sendErrors} | ${r.serverCpuMsPerMessage ?? 'n/a'} |`;
  const data = {
    date: new Date().toISOString(),
    load: LOAD,
    list: { claimFiles: CLAIM_FILES, callers: CALLERS, seconds: LIST_SECONDS, rounds: ROUNDS },
    chat: { one: oneChat, two: twoChat },
    claimFileList: {
      one: oneList,
      two: twoList,
      throughputRatio: Number((twoList.rps / oneList.rps).toFixed(2)),
      p99Ratio: Number((twoList.p99ms / Math.max(0.1, oneList.p99ms)).toFixed(2)),
    },
  };
  writeResults(
    'cluster',
    data,
    `# One instance and two behind a proxy (\`npm run bench:cluster\`)

Both runs: the real server in child processes on one PostgreSQL and one file store (the same
\`PUBLIC_URL\`, the proxy's), behind the same round-robin HTTP proxy in the benchmark's process.
Chat: ${LOAD.clients} WebSocket clients in rooms of ${ROOM_SIZE}, ${LOAD.rate} messages/s for ${LOAD.seconds} s after ${LOAD.warmup} s of
warm-up, posted through the proxy; with two instances the sockets are spread over both, so most
deliveries cross from one instance to the other through LISTEN/NOTIFY. Server CPU counts every
instance. List: \`GET /api/projects\` of a company with ${CLAIM_FILES} claim files, ${CALLERS} callers,
${ROUNDS} rounds of ${LIST_SECONDS} s, medians.

| chat | p50 ms | p95 ms | p99 ms | delivered | lost | duplicated | send errors | server CPU ms/msg |
|---|---|---|---|---|---|---|---|---|
${chatRow(oneChat)}
${chatRow(twoChat)}

| claim-file list | requests/s | p99 ms | errors |
|---|---|---|---|
| one instance | ${oneList.rps} | ${oneList.p99ms} | ${oneList.errors} |
| two instances | ${twoList.rps} | ${twoList.p99ms} | ${twoList.errors} |

Two instances against one: ${data.claimFileList.throughputRatio}x the list's throughput, ${data.claimFileList.p99Ratio}x its p99.
How to read it: the server processes are pinned to the same core(s) as one another (see the core
split above), so the second instance adds no CPU here; PostgreSQL, the proxy and the load generator
share the machine too. What the run shows is that the work is shared correctly across instances
(every message delivered once, none lost, the list answered without errors) and what the second
instance costs in CPU per message (the cross-instance NOTIFY). The one-instance run goes first and
is the colder of the two. Throughput grows with the cores a second machine brings, which one
machine cannot show.
`,
  );
} finally {
  proxy?.close();
  for (const child of instances) await stopServerChild(child);
  await dropDatabase(databaseUrl);
}
process.exit(0);
