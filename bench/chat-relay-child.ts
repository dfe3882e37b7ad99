import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

// The yardstick of `npm run bench:chat`: a bare `ws` relay that stores each message with one INSERT
// on the same PostgreSQL and then sends it to every socket of its room (the limit for a durable
// chat). Clients connect to ws://localhost:<port>/?room=<n>; each text frame is a message.
const port = Number(process.env.BENCH_PORT);
const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
if (!port || !databaseUrl) throw new Error('BENCH_PORT and BENCH_SERVER_DATABASE_URL are required');

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
await pool.query(
  'create table if not exists bench_relay_messages (id bigserial primary key, room int not null, content text not null, created_at timestamptz not null default now())',
);
const rooms = new Map<number, Set<WebSocket>>();
const wss = new WebSocketServer({ port, perMessageDeflate: false });

wss.on('connection', (ws, request) => {
  const room = Number(new URL(request.url ?? '/', 'http://relay').searchParams.get('room'));
  let members = rooms.get(room);
  if (!members) {
    members = new Set();
    rooms.set(room, members);
  }
  members.add(ws);
  ws.on('close', () => members.delete(ws));
  ws.on('message', (data) => {
    const content = data.toString();
    pool.query<{ id: string }>('insert into bench_relay_messages (room, content) values ($1, $2) returning id', [room, content]).then(
      (result) => {
        const text = JSON.stringify({ id: result.rows[0]?.id, content });
        for (const member of members) member.send(text);
      },
      (error: unknown) => console.error('relay insert failed', error),
    );
  });
});

const stop = async () => {
  for (const ws of wss.clients) ws.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
process.once('disconnect', () => void stop());
wss.on('listening', () => process.send?.('ready'));
