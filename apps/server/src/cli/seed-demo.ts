import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { TRIAL_DAYS } from '@ridgeline/shared/domain/plans';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import { account, companies, members, user } from '../infra/db/schema/index';
import { withCliDatabase } from './cli-database';

// `npm run seed:demo`: a demo company with an owner and three members, verified and ready to sign in.
const PASSWORD = 'Ridgeline-Demo-2026';
const PEOPLE: { first: string; last: string; email: string; role: CompanyRole }[] = [
  { first: 'Dana', last: 'Whitfield', email: 'owner@demo.ridgeline.test', role: 'owner' },
  { first: 'Marcus', last: 'Reyes', email: 'manager@demo.ridgeline.test', role: 'manager' },
  { first: 'Tess', last: 'Okafor', email: 'inspector@demo.ridgeline.test', role: 'member' },
  { first: 'Luis', last: 'Brandt', email: 'office@demo.ridgeline.test', role: 'member' },
];

const created = await withCliDatabase(async ({ db }) => {
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, PEOPLE[0]?.email ?? ''));
  if (existing) return false;
  const hash = await hashPassword(PASSWORD);
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: 'Summit Ridge Roofing & Exteriors',
        phone: '(405) 555-0134',
        address: '1200 Storm Chaser Way, Oklahoma City, OK 73102',
        trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 86_400_000),
      })
      .returning();
    if (!company) throw new Error('Company insert returned nothing');
    for (const person of PEOPLE) {
      const id = randomUUID();
      await tx.insert(user).values({
        id,
        name: `${person.first} ${person.last}`,
        firstName: person.first,
        lastName: person.last,
        email: person.email,
        emailVerified: true,
        phone: '(405) 555-0100',
      });
      await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
      await tx.insert(members).values({ companyId: company.id, userId: id, role: person.role });
    }
  });
  return true;
});

console.log(created ? '\nDemo company created: Summit Ridge Roofing & Exteriors' : '\nThe demo company already exists.');
console.log(`Sign in at the app with any of these (password: ${PASSWORD}):`);
for (const person of PEOPLE) console.log(`  ${person.role.padEnd(8)} ${person.email}  (${person.first} ${person.last})`);
console.log('');
process.exit(0);
