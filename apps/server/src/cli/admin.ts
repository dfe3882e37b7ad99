import { eq } from 'drizzle-orm';
import { user } from '../infra/db/schema/index';
import { withCliDatabase } from './cli-database';

// `npm run admin -- grant <email>` makes a platform admin; `revoke <email>` makes them a contractor again.
const [command, rawEmail] = process.argv.slice(2);
const email = rawEmail?.trim().toLowerCase();
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>');
  process.exit(2);
}

const role = command === 'grant' ? 'admin' : 'contractor';
const updated = await withCliDatabase(async ({ db }) =>
  db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.email, email)).returning({ id: user.id }),
);
if (updated.length === 0) {
  console.error(`No user with the e-mail ${email}. They must sign up first.`);
  process.exit(1);
}
console.log(command === 'grant' ? `${email} is now a platform admin.` : `${email} is no longer a platform admin.`);
process.exit(0);
