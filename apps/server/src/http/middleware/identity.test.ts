import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../../infra/db/schema/index';
import { useTestServer } from '../../test/use-test-server';
import type { IdentityReader } from '../deps';

// The signed-in request's identity: one query per request shared by the gates and guards, and no
// cache across requests, so revocation takes effect on the very next request.
const server = useTestServer();
let lookups = 0;

async function userId(email: string): Promise<string> {
  const [row] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

beforeAll(async () => {
  const read: IdentityReader = server.deps.identity;
  server.deps.identity = (token) => {
    lookups += 1;
    return read(token);
  };
});

describe('identity', () => {
  it('reads the identity once per request, for the gates, requireActor and requireTenant together', async () => {
    const owner = await server.signUpVerified();
    lookups = 0;
    expect((await owner.client.get('/api/team')).status).toBe(200);
    expect(lookups).toBe(1);
    lookups = 0;
    expect((await server.client().get('/api/health')).status).toBe(200);
    expect(lookups).toBe(0);
  });

  it('refuses a forged cookie without a lookup', async () => {
    lookups = 0;
    const forged = await server.client().get('/api/me', { headers: { Cookie: 'better-auth.session_token=abc.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' } });
    expect(forged.status).toBe(401);
    expect(lookups).toBe(0);
  });

  it('refuses a revoked, expired or signed-out session on the very next request', async () => {
    const revoked = await server.signUpVerified();
    await server.db.delete(session).where(eq(session.userId, await userId(revoked.email)));
    expect((await revoked.client.get('/api/me')).status).toBe(401);

    const expired = await server.signUpVerified();
    await server.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, await userId(expired.email)));
    expect((await expired.client.get('/api/me')).status).toBe(401);

    const signedOut = await server.signUpVerified();
    const cookie = signedOut.client.cookieHeader();
    expect((await signedOut.client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await server.client().get('/api/me', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('refuses a banned account on the very next request', async () => {
    const banned = await server.signUpVerified();
    expect((await banned.client.get('/api/me')).status).toBe(200);
    await server.db.update(user).set({ banned: true }).where(eq(user.email, banned.email));
    const refused = await banned.client.get('/api/me');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'ACCOUNT_DISABLED' } });
  });
});
