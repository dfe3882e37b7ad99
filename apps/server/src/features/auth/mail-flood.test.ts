import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpBody, uniqueEmail } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// Mail on demand cannot be turned into a flood: confirmation and reset mails are limited per address
// (3 an hour) and per IP (10 an hour), answering the same whether or not the address exists.
const server = useTestServer();

const mailsTo = async (to: string) =>
  (await server.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where "to" = ${to}`)).rows[0]?.n ?? 0;

/** Mail is sent by a background job: poll until the count has held still for a while. */
async function settledMailCount(to: string): Promise<number> {
  let last = -1;
  let stable = 0;
  const deadline = Date.now() + 10_000;
  while (stable < 4 && Date.now() < deadline) {
    const now = await mailsTo(to);
    stable = now === last ? stable + 1 : 0;
    last = now;
    await new Promise((r) => setTimeout(r, 250));
  }
  return last;
}

const resend = (email: string) => server.client().post('/api/auth/send-verification-email', { email, callbackURL: 'https://evil.test/' });

describe('confirmation mail on demand', () => {
  it('sends at most 3 to one address an hour, whatever the number of calls', async () => {
    const email = uniqueEmail('flood');
    expect((await server.client().post('/api/auth/sign-up/email', signUpBody({ email }))).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await resend(email)).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3)).toEqual(Array(12).fill(429));
    // The sign-up mail plus three asked for again.
    expect(await settledMailCount(email)).toBe(4);
  });

  it('answers an unknown address exactly like a real one, and the link never leaves the app', async () => {
    await server.db.execute(sql`delete from rate_limits`);
    const email = uniqueEmail('real');
    await server.client().post('/api/auth/sign-up/email', signUpBody({ email }));
    const known = await resend(email);
    const unknown = await resend(uniqueEmail('nobody'));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const [mail] = (await server.db.execute<{ text: string }>(sql`select text from mail_outbox where "to" = ${email} order by id desc limit 1`)).rows;
    expect(mail?.text).toContain('callbackURL=%2Fauth%3Fconfirmed%3D1');
    expect(mail?.text).not.toContain('evil.test');
  });

  it('limits one IP to 10 confirmation mails an hour across addresses', async () => {
    await server.db.execute(sql`delete from rate_limits`);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await resend(uniqueEmail('spread'))).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('sends at most 3 reset mails to one address an hour', async () => {
    await server.db.execute(sql`delete from rate_limits`);
    const { email } = await server.signUpVerified();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await server.client().post('/api/auth/request-password-reset', { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });
});
