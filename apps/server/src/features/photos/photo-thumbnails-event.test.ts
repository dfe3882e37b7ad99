import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoListSchema, type Photo } from '@ridgeline/shared/contracts/photos';
import type { RealtimeEvent } from '@ridgeline/shared/contracts/chat';
import { inspectionSessions } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser, type SignedUpUser } from '../../test/factories';
import { openReadySocket, type TestSocket } from '../../test/realtime-socket';
import { useTestServer } from '../../test/use-test-server';

// When a photo's thumbnails job ends, the photo's company is told over the realtime socket
// (`photo-thumbnails`, through the photo-thumbnails-ready event), so every screen listing the photo
// reads it again and shows the thumbnails instead of the original, without a reload. Another
// company's sockets hear nothing.

const server = useTestServer();
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let colleague: SignedUpUser;
let outsider: Awaited<ReturnType<typeof signedInOwner>>;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  owner = await signedInOwner(server, { name: 'Alpha Roofing' });
  colleague = await signedInUser(server, { company: owner.company });
  outsider = await signedInOwner(server, { name: 'Bravo Siding' });
});

afterAll(() => {
  for (const socket of sockets) socket.close();
});

const socketOf = (user: SignedUpUser) => openReadySocket(server.url, user, sockets);

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 120, b: 150 } } })
    .jpeg()
    .toBuffer();
}

async function upload(user: SignedUpUser, sessionId: string): Promise<Photo> {
  const body = await jpeg();
  const query = new URLSearchParams({ fileName: 'ridge.jpg', category: 'roof', phase: 'roof', sha256: createHash('sha256').update(body).digest('hex') });
  const response = await user.client.put<{ photo: Photo }>(`/api/inspections/${sessionId}/photos/${randomUUID()}?${query.toString()}`, body);
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${response.text}`);
  return response.body.photo;
}

const thumbnailsOf = (photoId: string) => (event: RealtimeEvent) => event.type === 'photo-thumbnails' && event.photoId === photoId;

describe('photo thumbnails ready', () => {
  it('are announced to every socket of the company when the job ends, with the photo, its claim file and its session; the list then has them', async () => {
    const project = await insertProjectRow(server.db, owner.company.id);
    const sessionId = randomUUID();
    await server.db.insert(inspectionSessions).values({ id: sessionId, companyId: owner.company.id, projectId: project.id, street: '12 Shingle Way' });
    const [ownerSocket, colleagueSocket, outsiderSocket] = await Promise.all([socketOf(owner), socketOf(colleague), socketOf(outsider)]);
    const photo = await upload(owner, sessionId);
    expect(photo.thumbLargeUrl).toBeNull();

    const event = await colleagueSocket.next(thumbnailsOf(photo.id), 15_000);
    expect(event).toEqual({ type: 'photo-thumbnails', photoId: photo.id, projectId: project.id, sessionId });
    await ownerSocket.next(thumbnailsOf(photo.id), 5000);
    // What the screens read on the event: the photo with both thumbnails.
    const list = photoListSchema.parse((await colleague.client.get(`/api/inspections/${sessionId}/photos`)).body);
    const listed = list.photos.find((candidate) => candidate.id === photo.id);
    expect(listed?.thumbSmallUrl).toEqual(expect.any(String));
    expect(listed?.thumbLargeUrl).toEqual(expect.any(String));

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outsiderSocket.events.filter((received) => received.type === 'photo-thumbnails')).toEqual([]);
    expect(ownerSocket.events.filter(thumbnailsOf(photo.id))).toHaveLength(1);
  });

  it("another company's user cannot read the photo the event names: 404 on the session's list", async () => {
    const sessionId = randomUUID();
    await server.db.insert(inspectionSessions).values({ id: sessionId, companyId: owner.company.id, street: '3 Gable Court' });
    const colleagueSocket = await socketOf(colleague);
    const photo = await upload(owner, sessionId);
    expect(await colleagueSocket.next(thumbnailsOf(photo.id), 15_000)).toEqual({ type: 'photo-thumbnails', photoId: photo.id, projectId: null, sessionId });
    const theirs = await outsider.client.get(`/api/inspections/${sessionId}/photos`);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain(photo.id);
  });
});
