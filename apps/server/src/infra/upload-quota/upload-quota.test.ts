import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createLogger } from '../../lib/logger';
import { createCompany, createUser, insertProjectRow, type TestCompany } from '../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { openDatabase, type Database } from '../db/client';
import { createUploadQuota, type UploadQuotaRules } from './upload-quota';

// The upload quotas on a real PostgreSQL: hourly byte counts shared by every instance on the
// database, the company's storage total the triggers keep, and what a refusal leaves (nothing).

let testDb: TestDatabase;
let database: Database;

const MB = 1024 * 1024;
const RULES: UploadQuotaRules = { userHourlyBytes: 10 * MB, screenshotHourlyBytes: 2 * MB, companyHourlyBytes: 15 * MB, companyStorageBytes: 100 * MB };

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = openDatabase(testDb.url, createLogger('silent'), 4);
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

/** The refusal a charge ends in, or null when it was counted. */
async function refusal(charging: Promise<unknown>): Promise<AppError | null> {
  try {
    await charging;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

const upload = (userId: string, companyId: string | null, bytes: number, extra: { budget?: 'files' | 'screenshots'; kept?: boolean } = {}) => ({
  userId,
  companyId,
  bytes,
  budget: extra.budget ?? 'files',
  kept: extra.kept ?? true,
});

const counted = async (key: string) =>
  Number((await database.db.execute<{ bytes: string }>(sql`select bytes from upload_byte_counts where key = ${key}`)).rows[0]?.bytes ?? 0);

describe('the hourly byte quotas', () => {
  it('are shared by every instance on the database: two stores count one hour together, then refuse with 429 and Retry-After', async () => {
    const [first, second] = [createUploadQuota(database.db, RULES), createUploadQuota(database.db, RULES)];
    const userId = randomUUID();
    await first.charge(upload(userId, null, 4 * MB));
    await second.charge(upload(userId, null, 4 * MB));
    const refused = await refusal(first.charge(upload(userId, null, 3 * MB)));
    expect(refused?.code).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect(refused?.status).toBe(429);
    const retryAfter = Number(refused?.headers['Retry-After']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused?.message).toBe('Your uploads this hour have reached the limit of 10 MB per person. Uploads can continue in 60 minutes.');
    // What still fits the hour is allowed, exactly to the limit.
    await second.charge(upload(userId, null, 2 * MB));
    expect(await counted(`upload-bytes:user:${userId}`)).toBe(10 * MB);
  });

  it("a refusal by the company's hour counts nothing against the user's", async () => {
    const quota = createUploadQuota(database.db, RULES);
    const [companyId, busy, other] = [randomUUID(), randomUUID(), randomUUID()];
    await quota.charge(upload(busy, companyId, 9 * MB, { kept: false }));
    const refused = await refusal(quota.charge(upload(other, companyId, 7 * MB, { kept: false })));
    expect(refused?.code).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect(refused?.message).toMatch(/^Your company's uploads this hour have reached the limit of 15 MB per company\./);
    expect(await counted(`upload-bytes:user:${other}`)).toBe(0);
    expect(await counted(`upload-bytes:company:${companyId}`)).toBe(9 * MB);
  });

  it('keeps feedback screenshots apart, with their own words', async () => {
    const quota = createUploadQuota(database.db, RULES);
    const userId = randomUUID();
    await quota.charge(upload(userId, null, 2 * MB, { budget: 'screenshots' }));
    const refused = await refusal(quota.charge(upload(userId, null, 1, { budget: 'screenshots' })));
    expect(refused?.message).toMatch(
      /^Your feedback screenshots this hour have reached the limit of 2 MB\. Send your feedback without a screenshot, or add one in \d+ minutes?\.$/,
    );
    await quota.charge(upload(userId, null, 10 * MB));
  });

  it('starts a window again an hour after its first upload', async () => {
    const quota = createUploadQuota(database.db, RULES);
    const userId = randomUUID();
    await quota.charge(upload(userId, null, 10 * MB));
    expect((await refusal(quota.charge(upload(userId, null, 1))))?.code).toBe('UPLOAD_QUOTA_EXCEEDED');
    await database.db.execute(sql`update upload_byte_counts set window_start = now() - interval '61 minutes' where key = ${`upload-bytes:user:${userId}`}`);
    await quota.charge(upload(userId, null, 10 * MB));
    expect(await counted(`upload-bytes:user:${userId}`)).toBe(10 * MB);
  });

  it('gives an upload that never arrived back to its window, and nothing to a window started since', async () => {
    const quota = createUploadQuota(database.db, RULES);
    const userId = randomUUID();
    const key = `upload-bytes:user:${userId}`;
    await (await quota.charge(upload(userId, null, 6 * MB))).refund();
    expect(await counted(key)).toBe(0);
    const old = await quota.charge(upload(userId, null, 6 * MB));
    await database.db.execute(sql`update upload_byte_counts set window_start = now() - interval '61 minutes' where key = ${key}`);
    await quota.charge(upload(userId, null, 3 * MB));
    await old.refund();
    expect(await counted(key)).toBe(3 * MB);
  });

  it('refuses an upload larger than a whole hour with 413: it would never fit', async () => {
    const refused = await refusal(createUploadQuota(database.db, RULES).charge(upload(randomUUID(), null, 3 * MB, { budget: 'screenshots' })));
    expect(refused?.code).toBe('PAYLOAD_TOO_LARGE');
    expect(refused?.message).toBe('This file is larger than the 2 MB that may be uploaded in an hour.');
  });
});

/** What the company keeps, summed over every table that records a stored file's size. */
async function summed(companyId: string): Promise<number> {
  const rows = await database.db.execute<{ bytes: string }>(sql`select coalesce(sum(bytes), 0)::text as bytes from (
    select file_size as bytes from inspection_photos where company_id = ${companyId}
    union all select file_size from project_files where company_id = ${companyId}
    union all select a.file_size from message_attachments a join messages m on m.id = a.message_id join conversations c on c.id = m.conversation_id where c.company_id = ${companyId}
    union all select byte_size from feedback_screenshots where company_id = ${companyId}
    union all select file_size from shingle_photos where company_id = ${companyId}
    union all select report_file_size from roof_measurements where company_id = ${companyId} and report_file_size is not null
    union all select file_size from reports where company_id = ${companyId} and file_size is not null) stored`);
  return Number(rows.rows[0]?.bytes ?? 0);
}

describe("the company's storage total", () => {
  let company: TestCompany;
  let other: TestCompany;
  const stored = (companyId: string) => createUploadQuota(database.db, RULES).storedBytes(companyId);

  beforeAll(async () => {
    company = await createCompany(database.db, { name: 'Storage Roofing' });
    other = await createCompany(database.db, { name: 'Other Storage Roofing' });
  });

  it('follows every table that records a stored file: inserts, changes of size, deletes and cascades, in the same transaction', async () => {
    const c = company.id;
    const project = await insertProjectRow(database.db, c);
    const sessionId = randomUUID();
    await database.db.execute(sql`insert into inspection_sessions (id, company_id, street) values (${sessionId}, ${c}, '1 Way')`);
    await database.db.execute(sql`insert into inspection_photos (id, company_id, session_id, file_path, file_name, file_size, mime_type, sha256, category)
      values (${randomUUID()}, ${c}, ${sessionId}, 'a.jpg', 'a.jpg', 1000, 'image/jpeg', 'x', 'roof')`);
    await database.db.execute(
      sql`insert into project_files (company_id, project_id, object_path, file_name, mime_type, file_size) values (${c}, ${project.id}, 'f.pdf', 'f.pdf', 'application/pdf', 2000)`,
    );
    const measurement = randomUUID();
    await database.db.execute(sql`insert into roof_measurements (id, company_id, report_file_size) values (${measurement}, ${c}, 300)`);
    const report = randomUUID();
    await database.db.execute(sql`insert into reports (id, company_id, kind, title, document) values (${report}, ${c}, 'inspection', 'Report', '{}')`);
    await database.db.execute(sql`update reports set file_size = 5000 where id = ${report}`);
    const author = await createUser(database.db, { company });
    await database.db.execute(
      sql`insert into feedback_screenshots (company_id, author_id, object_path, content_type, byte_size, width, height) values (${c}, ${author.id}, 's.png', 'image/png', 400, 1, 1)`,
    );
    const identification = randomUUID();
    await database.db.execute(
      sql`insert into shingle_identifications (id, company_id, measurements, ranking, catalog_version, confidence) values (${identification}, ${c}, '{}', '{}', 1, 'low')`,
    );
    await database.db.execute(sql`insert into shingle_photos (id, company_id, identification_id, kind, file_path, file_name, mime_type, file_size, sha256)
      values (${randomUUID()}, ${c}, ${identification}, 'face', 'p.jpg', 'p.jpg', 'image/jpeg', 600, 'y')`);
    const conversation = randomUUID();
    const message = randomUUID();
    await database.db.execute(sql`insert into conversations (id, company_id) values (${conversation}, ${c})`);
    await database.db.execute(sql`insert into messages (id, conversation_id) values (${message}, ${conversation})`);
    await database.db.execute(
      sql`insert into message_attachments (message_id, object_path, file_name, file_type, file_size) values (${message}, 'm.png', 'm.png', 'image/png', 70)`,
    );
    expect(await stored(c)).toBe(1000 + 2000 + 300 + 5000 + 400 + 600 + 70);
    expect(await stored(c)).toBe(await summed(c));
    expect(await stored(other.id)).toBe(0);

    // A report replaced, a render done again, a photo purged, an account deleted with its screenshot.
    await database.db.execute(sql`update roof_measurements set report_file_size = 800 where id = ${measurement}`);
    await database.db.execute(sql`update reports set file_size = 4000, status = 'ready' where id = ${report}`);
    await database.db.execute(sql`delete from inspection_photos where company_id = ${c}`);
    await database.db.execute(sql`delete from "user" where id = ${author.id}`);
    expect(await stored(c)).toBe(2000 + 800 + 4000 + 600 + 70);
    // The claim file deleted takes its files with it; a change that leaves the size alone changes nothing.
    await database.db.execute(sql`delete from projects where id = ${project.id}`);
    await database.db.execute(sql`update reports set title = 'Renamed' where id = ${report}`);
    expect(await stored(c)).toBe(800 + 4000 + 600 + 70);
    expect(await stored(c)).toBe(await summed(c));

    // A transaction that fails leaves the total as it was.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`update roof_measurements set report_file_size = 90000 where id = ${measurement}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stored(c)).toBe(await summed(c));
  });

  it('refuses a kept upload past the total with 413 STORAGE_FULL, counting it nowhere; an upload not kept passes', async () => {
    const quota = createUploadQuota(database.db, RULES);
    const project = await insertProjectRow(database.db, other.id);
    await database.db.execute(
      sql`insert into project_files (company_id, project_id, object_path, file_name, mime_type, file_size) values (${other.id}, ${project.id}, 'big.pdf', 'big.pdf', 'application/pdf', ${99 * MB})`,
    );
    const userId = randomUUID();
    const refused = await refusal(quota.charge(upload(userId, other.id, 2 * MB)));
    expect(refused?.code).toBe('STORAGE_FULL');
    expect(refused?.status).toBe(413);
    expect(refused?.message).toBe(
      "Your company's storage is full: it keeps at most 100 MB of files and photos. Delete what it no longer needs to make room for this upload.",
    );
    expect(await counted(`upload-bytes:user:${userId}`)).toBe(0);
    expect(await counted(`upload-bytes:company:${other.id}`)).toBe(0);
    await quota.charge(upload(userId, other.id, MB));
    await quota.charge(upload(userId, other.id, 2 * MB, { kept: false }));
  });

  it('a company deleted with its files takes its total with it', async () => {
    const gone = await createCompany(database.db, { name: 'Gone Roofing' });
    const project = await insertProjectRow(database.db, gone.id);
    await database.db.execute(
      sql`insert into project_files (company_id, project_id, object_path, file_name, mime_type, file_size) values (${gone.id}, ${project.id}, 'x.pdf', 'x.pdf', 'application/pdf', 123)`,
    );
    const conversation = randomUUID();
    const message = randomUUID();
    await database.db.execute(sql`insert into conversations (id, company_id) values (${conversation}, ${gone.id})`);
    await database.db.execute(sql`insert into messages (id, conversation_id) values (${message}, ${conversation})`);
    await database.db.execute(
      sql`insert into message_attachments (message_id, object_path, file_name, file_type, file_size) values (${message}, 'm.png', 'm.png', 'image/png', 70)`,
    );
    expect(await stored(gone.id)).toBe(193);
    await database.db.execute(sql`delete from companies where id = ${gone.id}`);
    expect((await database.db.execute(sql`select 1 from company_storage where company_id = ${gone.id}`)).rows).toHaveLength(0);
  });
});
