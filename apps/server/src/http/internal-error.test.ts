import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@ridgeline/shared/domain/errors';
import { type SignedUpUser } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// A real fault (the database refusing a query) answers 500 with the one error shape and the
// generic words only: no stack, no SQL, no table or file names reach the client.

const server = useTestServer();
let owner: SignedUpUser;

beforeAll(async () => {
  owner = await server.signUpVerified({ companyName: 'Fault Line Roofing' });
});
afterAll(async () => {
  await server.db.execute(sql`alter table if exists invitations_hidden rename to invitations`);
});

describe('an unexpected fault', () => {
  it('answers exactly the error shape with the generic message, and nothing of the fault', async () => {
    expect((await owner.client.get('/api/team')).status).toBe(200);
    // The team query reads invitations: with the table gone the database raises an error naming it.
    await server.db.execute(sql`alter table invitations rename to invitations_hidden`);
    try {
      const response = await owner.client.get('/api/team');
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body).toEqual({
        error: {
          message: errorMessage('INTERNAL_ERROR'),
          code: 'INTERNAL_ERROR',
          timestamp: expect.any(String),
          requestId: response.headers.get('x-request-id'),
        },
      });
      for (const leak of ['invitations', 'relation', 'select', 'stack', 'at ', '.ts', 'node_modules', 'postgres']) {
        expect(response.text.toLowerCase(), `the body mentions "${leak}"`).not.toContain(leak);
      }
    } finally {
      await server.db.execute(sql`alter table invitations_hidden rename to invitations`);
    }
    expect((await owner.client.get('/api/team')).status).toBe(200);
  });
});
