import { randomUUID } from 'node:crypto';

/** A unique, valid sign-up for one test. */
export function newUser(label = 'user') {
  const id = randomUUID().slice(0, 8);
  return {
    firstName: 'Casey',
    lastName: `Tester ${id}`,
    companyName: `Hail Pros ${id}`,
    phone: '(405) 555-0199',
    email: `${label}-${id}@example.test`,
    password: `Ridge-${id}-Shingle!`,
  };
}
