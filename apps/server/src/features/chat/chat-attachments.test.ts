import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, CreateConversationResponse } from '@ridgeline/shared/contracts/chat';
import { messageAttachments, messages } from '../../infra/db/schema/index';
import { signObject } from '../../infra/storage/signed-url';
import { ObjectExistsError, type Storage } from '../../infra/storage/storage';
import { signedInOwner, signedInUser } from '../../test/factories';
import { pixelBudgetMessage } from '@ridgeline/shared/domain/images';
import { pngBomb, tinyPng } from '../../test/images';
import { sendLarge, type TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { zipOf } from '../../test/archives';
import { useTestServer } from '../../test/use-test-server';
import { attachmentType, createChatAttachmentsService, safeFileName, UNREADABLE_IMAGE_MESSAGE, type ChatCore } from './chat-attachments.service';

// A limit of 1 MB so the "too large" case sends 1 MB and a bit, not 26 MB.
const server = useTestServer({ CHAT_ATTACHMENT_MAX_MB: '1' });

const FILES = {
  png: tinyPng(),
  webm: Buffer.concat([Buffer.from('1A45DFA3', 'hex'), Buffer.from([0x9f, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(100)]),
  ogg: Buffer.concat([
    Buffer.from('OggS', 'latin1'),
    Buffer.from([0, 2]),
    Buffer.alloc(20),
    Buffer.from([1, 0x1e]),
    Buffer.from('\x01vorbis', 'latin1'),
    Buffer.alloc(100),
  ]),
  // A voice note as MediaRecorder writes it: WebM with one Opus audio track.
  voiceWebm: Buffer.concat([
    Buffer.from('1A45DFA3', 'hex'),
    Buffer.from([0x9f, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.from('1853806701FFFFFFFFFFFFFF', 'hex'),
    Buffer.from('1654AE6B8E', 'hex'),
    Buffer.from('AE8C', 'hex'),
    Buffer.from('D78101', 'hex'),
    Buffer.from('838102', 'hex'),
    Buffer.from('8686', 'hex'),
    Buffer.from('A_OPUS'),
    Buffer.alloc(100),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  docx: zipOf([
    ['[Content_Types].xml', '<Types/>'],
    ['word/document.xml', '<w:document/>'],
  ]),
  doc: Buffer.concat([Buffer.from('D0CF11E0A1B11AE1', 'hex'), Buffer.alloc(1024)]),
  txt: Buffer.from('Ridge cap: 42 ft\nStarter: 180 ft — ordered ✓\n'),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
  html: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
};

let owner: Awaited<ReturnType<typeof signedInOwner>>;
let colleague: SignedUpUser & { user: { id: string } };
let outsider: SignedUpUser & { user: { id: string } };
let stranger: Awaited<ReturnType<typeof signedInOwner>>;
let conversationId: string;

beforeAll(async () => {
  owner = await signedInOwner(server, { name: 'Alpha Roofing' });
  colleague = await signedInUser(server, { company: owner.company, firstName: 'Casey' });
  outsider = await signedInUser(server, { company: owner.company, firstName: 'Nolan' });
  stranger = await signedInOwner(server, { name: 'Bravo Siding' });
  const created = await owner.client.post<CreateConversationResponse>('/api/chat/conversations', { memberIds: [colleague.user.id] });
  expect(created.status, created.text).toBe(201);
  conversationId = created.body.conversation.id;
});

type Sent = TestResponse<{ message: ChatMessage }>;

function upload(
  user: SignedUpUser,
  fileName: string,
  body: Buffer,
  options: { clientId?: string; caption?: string; conversation?: string } = {},
): Promise<Sent> {
  const query = new URLSearchParams({ clientId: options.clientId ?? randomUUID(), fileName, ...(options.caption ? { caption: options.caption } : {}) });
  return user.client.put(`/api/chat/conversations/${options.conversation ?? conversationId}/attachments?${query.toString()}`, new Uint8Array(body));
}

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), requestId: expect.any(String) } });
}

/** Every object stored under the chat-attachments bucket of this server. */
async function storedObjects(): Promise<string[]> {
  const root = join(server.deps.config.dataDir, 'storage', 'chat-attachments');
  const found: string[] = [];
  async function walk(dir: string, prefix: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isDirectory()) await walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (!entry.name.endsWith('.meta.json')) found.push(`${prefix}${entry.name}`);
    }
  }
  await walk(root, '');
  return found;
}

const attachmentRows = () => server.db.select().from(messageAttachments);

describe('attachment types from the real bytes', () => {
  it.each([
    ['roof.png', FILES.png, 'image/png', 'image'],
    ['walkthrough.webm', FILES.webm, 'video/webm', 'video'],
    ['voice-note.ogg', FILES.ogg, 'audio/ogg', 'audio'],
    ['voice-note.webm', FILES.voiceWebm, 'audio/webm', 'audio'],
    ['estimate.pdf', FILES.pdf, 'application/pdf', 'file'],
    ['scope.docx', FILES.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'file'],
    ['scope.doc', FILES.doc, 'application/msword', 'file'],
    ['notes.txt', FILES.txt, 'text/plain', 'file'],
  ])('%s is sent as a %s message of type %s', async (name, bytes, fileType, messageType) => {
    const response = await upload(owner, name, bytes, { caption: `About ${name}` });
    expect(response.status, response.text).toBe(201);
    const { message } = response.body;
    expect(message).toMatchObject({ conversationId, senderId: owner.company.owner.id, messageType, content: `About ${name}` });
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({ fileName: name, fileType, fileSize: bytes.length });
  });

  it.each([
    ['setup.exe', FILES.exe],
    ['page.html', FILES.html],
    ['photo.png', FILES.exe],
    ['notes.txt', Buffer.from([0x68, 0x69, 0x00, 0xff, 0xfe])],
    ['archive.zip', zipOf([['a.txt', 'hello']])],
    ['sheet.xls', FILES.doc],
  ])('%s (not what it claims or not accepted) is refused with 415 and nothing is stored', async (name, bytes) => {
    const before = { objects: await storedObjects(), rows: (await attachmentRows()).length };
    expectError(await upload(owner, name, bytes), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await storedObjects()).toEqual(before.objects);
    expect(await attachmentRows()).toHaveLength(before.rows);
  });

  it('refuses an image over the pixel budget with 422 naming it, and one whose size cannot be read with 415; nothing is stored', async () => {
    const before = { objects: await storedObjects(), rows: (await attachmentRows()).length };
    for (const [name, bomb] of [
      ['roof.png', await pngBomb(12_000, 12_000, 4)],
      ['ridge.png', await pngBomb(16_000, 16_000)],
    ] as const) {
      const response = await upload(owner, name, bomb);
      expectError(response, 422, 'IMAGE_TOO_MANY_PIXELS');
      expect(response.body).toMatchObject({ error: { message: pixelBudgetMessage() } });
    }
    // A PNG whose header says it is 0 pixels wide.
    const broken = Buffer.from(tinyPng());
    broken.writeUInt32BE(0, 16);
    const unreadable = await upload(owner, 'broken.png', broken);
    expectError(unreadable, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(unreadable.body).toMatchObject({ error: { message: UNREADABLE_IMAGE_MESSAGE } });
    expect(await storedObjects()).toEqual(before.objects);
    expect(await attachmentRows()).toHaveLength(before.rows);
  });

  it('never takes SVG (an image that can carry script) or an empty file', async () => {
    expect(await attachmentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg')).toBeNull();
    expectError(await upload(owner, 'empty.txt', Buffer.alloc(0)), 400, 'VALIDATION_ERROR');
  });
});

describe('storage', () => {
  it('stores at {conversationId}/{userId}/{timestamp}-{filename}, with a safe file name', async () => {
    const response = await upload(colleague, '../../Roof photo (north) #2.png', FILES.png);
    expect(response.status, response.text).toBe(201);
    const [row] = await server.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.id, response.body.message.attachments[0]?.id ?? ''));
    expect(row?.objectPath).toMatch(new RegExp(`^${conversationId}/${colleague.user.id}/\\d{13}-Roof-photo-north-2\\.png$`));
    expect(row?.fileName).toBe('Roof-photo-north-2.png');
    expect(safeFileName('C:\\Users\\me\\Scope of work.docx')).toBe('Scope-of-work.docx');
    expect(safeFileName('..')).toBe('file');
  });

  it('never writes over an object: a taken name gets a counter', async () => {
    const stored = new Set<string>();
    const storage: Storage = {
      put: (_bucket, path) => {
        if (stored.has(path)) return Promise.reject(new ObjectExistsError(path));
        stored.add(path);
        return Promise.resolve();
      },
      get: () => Promise.resolve(null),
      remove: () => Promise.resolve(),
      url: (_bucket, path) => `/api/storage/chat-attachments/${path}?expires=1&sig=x`,
    };
    const paths: string[] = [];
    const chat: ChatCore = {
      requireMember: () => Promise.resolve(),
      sentMessage: () => Promise.resolve(null),
      postMessage: (_actor, _tenant, _conversation, input) => {
        paths.push(input.attachment?.objectPath ?? '');
        return Promise.resolve({ message: {} as ChatMessage, created: true });
      },
      attachmentForMember: () => Promise.reject(new Error('not used')),
    };
    const service = createChatAttachmentsService({ chat, storage, logger: { warn: () => undefined }, maxMb: 1, now: () => 1_700_000_000_000 });
    const actor = { userId: 'u1', email: 'a@example.com', role: 'contractor' as const, sessionId: 's', impersonatedBy: null };
    const tenant = { companyId: 'c1', role: 'member' as const };
    for (let i = 0; i < 3; i++) await service.upload(actor, tenant, 'conv', { clientId: randomUUID(), fileName: 'roof.png' }, FILES.png);
    expect(paths).toEqual(['conv/u1/1700000000000-roof.png', 'conv/u1/1700000000000-roof-1.png', 'conv/u1/1700000000000-roof-2.png']);
  });

  it('a clientId already sent answers its message before anything is stored', async () => {
    const puts: string[] = [];
    const storage: Storage = {
      put: (_bucket, path) => {
        puts.push(path);
        return Promise.resolve();
      },
      get: () => Promise.resolve(null),
      remove: () => Promise.resolve(),
      url: () => '',
    };
    const stored = { id: 'm1' } as ChatMessage;
    const known = randomUUID();
    const chat: ChatCore = {
      requireMember: () => Promise.resolve(),
      sentMessage: (_actor, _tenant, _conversation, clientId) => Promise.resolve(clientId === known ? stored : null),
      postMessage: () => Promise.resolve({ message: {} as ChatMessage, created: true }),
      attachmentForMember: () => Promise.reject(new Error('not used')),
    };
    const service = createChatAttachmentsService({ chat, storage, logger: { warn: () => undefined }, maxMb: 1 });
    const actor = { userId: 'u1', email: 'a@example.com', role: 'contractor' as const, sessionId: 's', impersonatedBy: null };
    const tenant = { companyId: 'c1', role: 'member' as const };
    expect(await service.upload(actor, tenant, 'conv', { clientId: known, fileName: 'roof.png' }, FILES.png)).toEqual({ message: stored, created: false });
    expect(puts).toEqual([]);
    await service.upload(actor, tenant, 'conv', { clientId: randomUUID(), fileName: 'roof.png' }, FILES.png);
    expect(puts).toHaveLength(1);
  });

  it('the same clientId twice answers the stored message (200) and keeps no second file', async () => {
    const clientId = randomUUID();
    const first = await upload(owner, 'once.pdf', FILES.pdf, { clientId });
    expect(first.status, first.text).toBe(201);
    const objects = await storedObjects();
    const again = await upload(owner, 'once.pdf', FILES.pdf, { clientId });
    expect(again.status, again.text).toBe(200);
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(await storedObjects()).toEqual(objects);
    expect(await server.db.select().from(messages).where(eq(messages.clientId, clientId))).toHaveLength(1);
  });

  it('racing uploads with one clientId answer one message and leave only its file in storage', async () => {
    for (const body of [FILES.pdf, FILES.png]) {
      const clientId = randomUUID();
      const before = await storedObjects();
      // Four copies of one upload on their own connections at the same moment.
      const answers = await Promise.all(Array.from({ length: 4 }, () => upload(owner, body === FILES.png ? 'race.png' : 'race.pdf', body, { clientId })));
      for (const answer of answers) expect([200, 201], answer.text).toContain(answer.status);
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      expect(new Set(answers.map((answer) => answer.body.message.id)).size).toBe(1);
      const sent = await server.db.select().from(messages).where(eq(messages.clientId, clientId));
      expect(sent).toHaveLength(1);
      const kept = (await attachmentRows()).filter((row) => row.messageId === sent[0]?.id);
      expect(kept).toHaveLength(1);
      const added = (await storedObjects()).filter((path) => !before.includes(path));
      expect(added).toEqual([kept[0]?.objectPath]);
    }
  });

  it('refuses a file over the limit with 413 naming it, and stores nothing', async () => {
    const before = await storedObjects();
    const response = await sendLarge(
      server.url,
      'PUT',
      `/api/chat/conversations/${conversationId}/attachments?clientId=${randomUUID()}&fileName=big.pdf`,
      Buffer.concat([FILES.pdf, Buffer.alloc(1024 * 1024)]),
      { Cookie: owner.client.cookieHeader(), 'Content-Type': 'application/octet-stream' },
    );
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Files can be up to 1 MB.' } });
    expect(await storedObjects()).toEqual(before);
  });

  it('refuses bad input with 400', async () => {
    expectError(
      await owner.client.put(`/api/chat/conversations/${conversationId}/attachments?fileName=a.png`, new Uint8Array(FILES.png)),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await owner.client.put(`/api/chat/conversations/${conversationId}/attachments?clientId=${randomUUID()}`, new Uint8Array(FILES.png)),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await owner.client.put(`/api/chat/conversations/not-a-uuid/attachments?clientId=${randomUUID()}&fileName=a.png`, new Uint8Array(FILES.png)),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await owner.client.get('/api/chat/attachments/not-a-uuid/url'), 400, 'VALIDATION_ERROR');
  });
});

describe('signed URLs', () => {
  it('inline media comes with a 300 s URL in the message, which serves the file with its type', async () => {
    const response = await upload(owner, 'ridge.png', FILES.png);
    const attachment = response.body.message.attachments[0];
    if (!attachment) throw new Error('no attachment');
    const seconds = (Date.parse(attachment.urlExpiresAt) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(290);
    expect(seconds).toBeLessThanOrEqual(301);
    const served = await colleague.client.get(attachment.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the url route gives members a fresh 600 s URL; without a valid signature or once expired it is refused', async () => {
    const response = await upload(owner, 'scope.txt', FILES.txt);
    const attachmentId = response.body.message.attachments[0]?.id ?? '';
    const fresh = await colleague.client.get<{ url: string; expiresAt: string }>(`/api/chat/attachments/${attachmentId}/url`);
    expect(fresh.status, fresh.text).toBe(200);
    const seconds = (Date.parse(fresh.body.expiresAt) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(590);
    expect(seconds).toBeLessThanOrEqual(601);
    const served = await server.client().get(fresh.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(served.text).toBe(FILES.txt.toString('utf8'));

    const url = new URL(fresh.body.url);
    const bare = `${url.origin}${url.pathname}`;
    expect((await server.client().get(bare)).status).toBe(403);
    const [row] = await server.db.select().from(messageAttachments).where(eq(messageAttachments.id, attachmentId));
    const past = Math.floor(Date.now() / 1000) - 1;
    expect((await server.client().get(`${bare}?${signObject(server.deps.storageSecret, 'chat-attachments', row?.objectPath ?? '', past)}`)).status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("another company's user and a non-member get 404 on upload and on url, and nothing is stored", async () => {
    const sent = await upload(owner, 'private.pdf', FILES.pdf);
    const attachmentId = sent.body.message.attachments[0]?.id ?? '';
    const before = { objects: await storedObjects(), rows: (await attachmentRows()).length };
    for (const user of [stranger, outsider]) {
      expectError(await upload(user, 'intruder.png', FILES.png), 404, 'NOT_FOUND');
      expectError(await user.client.get(`/api/chat/attachments/${attachmentId}/url`), 404, 'NOT_FOUND');
    }
    expectError(await upload(owner, 'nowhere.png', FILES.png, { conversation: randomUUID() }), 404, 'NOT_FOUND');
    expectError(await owner.client.get(`/api/chat/attachments/${randomUUID()}/url`), 404, 'NOT_FOUND');
    expect(await storedObjects()).toEqual(before.objects);
    expect(await attachmentRows()).toHaveLength(before.rows);
  });

  it('a non-member is refused before the body is read: a too-large upload still answers 404', async () => {
    const response = await sendLarge(
      server.url,
      'PUT',
      `/api/chat/conversations/${conversationId}/attachments?clientId=${randomUUID()}&fileName=big.pdf`,
      Buffer.alloc(1200 * 1024),
      { Cookie: outsider.client.cookieHeader(), 'Content-Type': 'application/octet-stream' },
    );
    expect(response.status).toBe(404);
  });
});

describe('the message ceiling', () => {
  const limited = useTestServer({ CHAT_MESSAGE_LIMIT: '2' });

  it('counts attachments as messages of the sender: over CHAT_MESSAGE_LIMIT a minute is 429, nothing stored', async () => {
    const sender = await signedInOwner(limited);
    const other = await signedInUser(limited, { company: sender.company });
    const created = await sender.client.post<CreateConversationResponse>('/api/chat/conversations', { memberIds: [other.user.id] });
    const id = created.body.conversation.id;
    const put = () => sender.client.put(`/api/chat/conversations/${id}/attachments?clientId=${randomUUID()}&fileName=roof.png`, new Uint8Array(FILES.png));
    expect((await put()).status).toBe(201);
    expect((await put()).status).toBe(201);
    const refused = await put();
    expectError(refused, 429, 'RATE_LIMITED');
    expect(await limited.db.select().from(messageAttachments)).toHaveLength(2);
    // Another sender has a ceiling of their own.
    expect(
      (await other.client.put(`/api/chat/conversations/${id}/attachments?clientId=${randomUUID()}&fileName=roof.png`, new Uint8Array(FILES.png))).status,
    ).toBe(201);
  });
});
