import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import { loadConfig } from '../config';
import { findUserIdByEmail } from '../data/user-lookup';
import { deriveSecret, loadAuthSecret } from '../infra/secrets/auth-secret';
import { updateCompany } from '../features/company/company.repository';
import { createStorage } from '../server';
import { createCompany, createUser } from '../test/factories';
import { withCliDatabase } from './cli-database';
import { seedDemoClaims } from './demo-claims';

// `npm run seed:demo`: a demo company with an owner and three members, verified and ready to sign in,
// with a carrier directory and eight months of claim files walked through the pipeline, each with its
// inspection and its photos, its ledger (figures, supplements, checks) and its status history
// (demo-claims.ts). The photos go into the file store the server uses (DATA_DIR/storage, or the S3
// bucket with STORAGE_DRIVER=s3), as the server stores an upload.
// The people and the company are made by the same factories the tests use, which create companies
// through the onboarding service of sign-up (trial included) and memberships through the team repository.
const PASSWORD = 'Ridgeline-Demo-2026';
const PHONE = '(405) 555-0100';
const COMPANY = {
  name: 'Summit Ridge Roofing & Exteriors',
  phone: '(405) 555-0134',
  address: '1200 Storm Chaser Way, Oklahoma City, OK 73102',
};
const PEOPLE: { first: string; last: string; email: string; role: CompanyRole }[] = [
  { first: 'Dana', last: 'Whitfield', email: 'owner@demo.ridgeline.test', role: 'owner' },
  { first: 'Marcus', last: 'Reyes', email: 'manager@demo.ridgeline.test', role: 'manager' },
  { first: 'Tess', last: 'Okafor', email: 'inspector@demo.ridgeline.test', role: 'member' },
  { first: 'Luis', last: 'Brandt', email: 'office@demo.ridgeline.test', role: 'member' },
];

const created = await withCliDatabase(async ({ db }) => {
  const [owner, ...others] = PEOPLE;
  if (!owner) throw new Error('The demo needs an owner');
  // Any demo address already taken means the demo (or part of it) is there: never a second copy.
  for (const person of PEOPLE) if (await findUserIdByEmail(db, person.email)) return false;
  const person = (p: (typeof PEOPLE)[number]) => ({ email: p.email, password: PASSWORD, firstName: p.first, lastName: p.last, phone: PHONE });
  const company = await createCompany(db, { ...COMPANY, owner: person(owner) });
  // An Oklahoma City company: its documents print times in Central time, as its phones took them.
  await updateCompany(db, company.id, { timeZone: 'America/Chicago' });
  const members = [];
  for (const other of others) members.push(await createUser(db, { ...person(other), company, role: other.role }));
  const actor = { userId: company.owner.id, email: company.owner.email, role: 'contractor' as const, sessionId: 'seed-demo', impersonatedBy: null };
  const config = loadConfig();
  const storage = await createStorage(config, deriveSecret(await loadAuthSecret(db, config.authSecret), 'storage-urls'));
  await seedDemoClaims(db, actor, { companyId: company.id, role: 'owner' }, [company.owner.id, ...members.map((member) => member.id)], storage);
  return true;
});

console.log(created ? `\nDemo company created: ${COMPANY.name}` : '\nThe demo company already exists.');
console.log(`Sign in at the app with any of these (password: ${PASSWORD}):`);
for (const person of PEOPLE) console.log(`  ${person.role.padEnd(8)} ${person.email}  (${person.first} ${person.last})`);
console.log('');
process.exit(0);
