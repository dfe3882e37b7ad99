import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserList, ImpersonationAuditEntry } from '@ridgeline/shared/contracts/admin';
import type { Me } from '@ridgeline/shared/contracts/team';
import { user } from '../infra/db/schema/index';
import { uniqueEmail, type SignedUpUser } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// The contracts' sanitizers over the whole stack: contact fields arrive cleaned, stored free text
// has no markup, a search term cannot carry SQL noise, and a name like O'Brien survives sign-up,
// the profile and the admin search unchanged.

const server = useTestServer();
let admin: SignedUpUser;
let obrien: SignedUpUser;

beforeAll(async () => {
  admin = await server.signUpVerified({ companyName: 'Ridgeline Support' });
  await server.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.me.id));
  const email = uniqueEmail('siobhan');
  const client = server.client();
  const signUp = await client.post('/api/auth/sign-up/email', {
    firstName: 'Siobhan',
    lastName: "O'Brien",
    companyName: "O'Brien & Sons Roofing",
    phone: '(405) 555-0199 <ext>',
    email: `  ${email.toUpperCase()} `,
    password: 'Granite-Ridge-Shingle-42',
  });
  expect(signUp.status).toBe(200);
  obrien = await signInAfterConfirm(email);
});

async function signInAfterConfirm(email: string): Promise<SignedUpUser> {
  const mail = await server.readMail(email, 'Confirm');
  const client = server.client();
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
  expect((await client.get(link)).status).toBeLessThan(400);
  const me = await client.get<Me>('/api/me');
  expect(me.status).toBe(200);
  return { client, email, password: 'Granite-Ridge-Shingle-42', me: me.body };
}

describe("O'Brien", () => {
  it('survives sign-up: the stored name and company are unchanged, the e-mail and phone cleaned', async () => {
    expect(obrien.me).toMatchObject({ lastName: "O'Brien", email: obrien.email, phone: '(405) 555-0199' });
    expect(obrien.me.company?.name).toBe("O'Brien & Sons Roofing");
    const [row] = await server.db.select({ lastName: user.lastName, email: user.email }).from(user).where(eq(user.id, obrien.me.id));
    expect(row).toEqual({ lastName: "O'Brien", email: obrien.email });
  });

  it('survives a profile change', async () => {
    const patched = await obrien.client.patch<Me>('/api/me', { firstName: "D'Arcy", lastName: "O'Brien" });
    expect(patched.status).toBe(200);
    expect((await obrien.client.get<Me>('/api/me')).body).toMatchObject({ firstName: "D'Arcy", lastName: "O'Brien" });
  });

  it('is found by the admin search, while quotes and semicolons in a term do no harm', async () => {
    for (const q of ["O'Brien", "o'brien", "O'Brien & Sons"]) {
      const found = await admin.client.get<AdminUserList>(`/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(
        found.body.users.map((u) => u.email),
        q,
      ).toEqual([obrien.email]);
    }
    const noisy = await admin.client.get<AdminUserList>(`/api/admin/users?q=${encodeURIComponent(`Brien'; drop table "user"; --`)}`);
    expect(noisy.status).toBe(200);
    expect(noisy.body.users).toEqual([]);
    expect((await admin.client.get<AdminUserList>('/api/admin/users')).body.users.length).toBe(2);
  });
});

describe('stored free text', () => {
  it('keeps no markup in an impersonation reason', async () => {
    const started = await admin.client.post('/api/functions/admin-impersonation', {
      action: 'start',
      targetUserId: obrien.me.id,
      reason: `Customer's <img src=x onerror="alert(1)"> request`,
    });
    expect(started.status).toBe(200);
    await admin.client.post('/api/functions/admin-impersonation', { action: 'end' });
    const entries = (await admin.client.get<{ entries: ImpersonationAuditEntry[] }>('/api/admin/impersonation/audit')).body.entries;
    expect(entries[0]?.reason).toBe("Customer's img src=x onerror=alert(1) request");
  });
});
