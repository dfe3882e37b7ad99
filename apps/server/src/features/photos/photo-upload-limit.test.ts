import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectionSessions } from '../../infra/db/schema/index';
import { signedInOwner } from '../../test/factories';
import { useTestServer } from '../../test/use-test-server';

// Photo uploads have their own per-user limit and do not count against the per-IP write limit
// (a crew behind one hotspot sends hundreds of photos in minutes); other writes still do.
const server = useTestServer({ PHOTO_UPLOAD_LIMIT: '3', API_WRITE_LIMIT: '3' });
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let sessionId: string;

beforeAll(async () => {
  owner = await signedInOwner(server); // the sign-in is the first write of this IP
  sessionId = randomUUID();
  await server.db.insert(inspectionSessions).values({ id: sessionId, companyId: owner.company.id, street: '3 Limit Ln' });
});

async function upload(shade: number) {
  const body = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: shade, g: 0, b: 0 } } })
    .png()
    .toBuffer();
  const sha = createHash('sha256').update(body).digest('hex');
  return owner.client.put(`/api/inspections/${sessionId}/photos/${randomUUID()}?fileName=a.png&category=roof&sha256=${sha}`, body);
}

describe('the photo upload limit', () => {
  it('allows PHOTO_UPLOAD_LIMIT uploads a minute per user, then 429 with Retry-After, outside the per-IP write limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await upload(i * 10)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const limited = await upload(200);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The uploads left the per-IP write budget alone: two more writes pass, the next is limited.
    expect((await owner.client.patch('/api/me', { firstName: 'Robin' })).status).toBe(200);
    expect((await owner.client.patch('/api/me', { firstName: 'Robin' })).status).toBe(200);
    expect((await owner.client.patch('/api/me', { firstName: 'Robin' })).status).toBe(429);
  });
});
