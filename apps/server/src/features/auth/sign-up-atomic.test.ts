import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpBody } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// Sign-up is all or nothing: a sign-up that is refused, for whatever reason, leaves no user row
// (and so no user without a company behind it).

const server = useTestServer();

async function userRows(email: string): Promise<number> {
  const rows = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from "user" where email = ${email}`);
  return rows.rows[0]?.n ?? -1;
}

async function usersWithoutCompany(): Promise<number> {
  const rows = await server.db.execute<{ n: number }>(
    sql`select count(*)::int as n from "user" u where not exists (select 1 from members m where m.user_id = u.id)`,
  );
  return rows.rows[0]?.n ?? -1;
}

describe('sign-up is all or nothing', () => {
  it('leaves no user row when the request is refused before better-auth', async () => {
    const taken = signUpBody();
    expect((await server.client().post('/api/auth/sign-up/email', taken)).status).toBe(200);
    const refusals: [string, Record<string, unknown>][] = [
      ['a NUL in the company name', signUpBody({ companyName: 'Ridge\u0000Roofing' })],
      ['a NUL in the first name', signUpBody({ firstName: 'Ro\u0000bin' })],
      ['a DEL in the last name', { ...signUpBody(), lastName: 'Sla\u007fte' }],
      ['a common password', signUpBody({ password: 'password123' })],
      ['no company name', { ...signUpBody(), companyName: '' }],
      ['an overlong company name', signUpBody({ companyName: 'x'.repeat(500) })],
    ];
    for (const [label, body] of refusals) {
      const response = await server.client().post('/api/auth/sign-up/email', body);
      expect(response.status, `${label}: ${response.text.slice(0, 200)}`).toBe(400);
      expect(await userRows(String(body.email)), label).toBe(0);
    }
    const duplicate = await server.client().post('/api/auth/sign-up/email', { ...signUpBody(), email: taken.email });
    expect(duplicate.status).toBe(409);
    expect(await userRows(taken.email)).toBe(1);
    expect(await usersWithoutCompany()).toBe(0);
  });

  // The company is created in better-auth's after-create hook, once the user row is committed:
  // when that fails the account is removed again, so no user is ever left without a company.
  it('leaves no user row when creating the company fails after the user insert', async () => {
    // A real failure inside the company insert: a check constraint refusing one name.
    await server.db.execute(sql`alter table companies add constraint refuse_boom check (name <> 'Boom Roofing')`);
    try {
      const body = signUpBody({ companyName: 'Boom Roofing' });
      const response = await server.client().post('/api/auth/sign-up/email', body);
      expect(response.status).toBe(500);
      expect(response.body).toMatchObject({ error: { code: 'INTERNAL_ERROR', message: 'Server error. Please try again later.' } });
      expect(response.text).not.toMatch(/insert into|companies|refuse_boom/i);
      expect(await userRows(body.email)).toBe(0);
      expect(await usersWithoutCompany()).toBe(0);
    } finally {
      await server.db.execute(sql`alter table companies drop constraint refuse_boom`);
    }
  });
});
