import { sql } from 'drizzle-orm';
import type { Db, DbTx } from '../db/client';
import { AppError } from '../../lib/app-error';

// The upload quotas every upload path spends (docs/security.md, decision 036): bytes per user and
// per company per hour, and what a company keeps in storage. Counted in PostgreSQL, so every
// instance behind a load balancer shares them, and checked before a byte is stored.

/** The quotas, in bytes. */
export type UploadQuotaRules = {
  /** A user's uploads per hour (every file but feedback screenshots). */
  userHourlyBytes: number;
  /** A user's feedback screenshots per hour: a budget of their own, much smaller. */
  screenshotHourlyBytes: number;
  /** A company's uploads per hour, all its users together (screenshots included). */
  companyHourlyBytes: number;
  /** What a company may keep in storage in all. */
  companyStorageBytes: number;
};

/** Which of a user's hourly budgets an upload spends. */
export type UploadBudget = 'files' | 'screenshots';

/**
 * One upload to count: who sends it, into which company (null: a user without one, an avatar), how
 * many bytes, the user's budget it spends, and whether it is kept (only then is the company's storage
 * total checked: Shingle ID's photo for suggestions is read and let go).
 */
export type UploadCharge = { userId: string; companyId: string | null; bytes: number; budget: UploadBudget; kept: boolean };

/** A counted upload: its bytes are given back when it never arrived whole (the client went away). */
export type ChargedUpload = { refund: () => Promise<void> };

const HOUR_MS = 60 * 60 * 1000;
const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;

/** A size in words: '5 GB', '1.5 GB', '50 MB'. */
export function quotaSizeText(bytes: number): string {
  if (bytes >= GB) return `${Math.round((bytes / GB) * 10) / 10} GB`;
  return `${Math.max(1, Math.round(bytes / MB))} MB`;
}

const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** An hourly window: its key, its limit, and the words of its refusal. */
type Window = { key: string; limit: number; refusal: (limit: string, wait: string) => string };

/** The key of a user's window of files (what the e2e stack fills to see the queue wait). */
export const userFilesWindowKey = (userId: string) => `upload-bytes:user:${userId}`;

const WINDOWS = {
  files: (userId: string, limit: number): Window => ({
    key: userFilesWindowKey(userId),
    limit,
    refusal: (size, wait) => `Your uploads this hour have reached the limit of ${size} per person. Uploads can continue in ${wait}.`,
  }),
  screenshots: (userId: string, limit: number): Window => ({
    key: `upload-bytes:screenshots:${userId}`,
    limit,
    refusal: (size, wait) =>
      `Your feedback screenshots this hour have reached the limit of ${size}. Send your feedback without a screenshot, or add one in ${wait}.`,
  }),
  company: (companyId: string, limit: number): Window => ({
    key: `upload-bytes:company:${companyId}`,
    limit,
    refusal: (size, wait) => `Your company's uploads this hour have reached the limit of ${size} per company. Uploads can continue in ${wait}.`,
  }),
};

/** The words of a company whose storage is full. */
export const storageFullMessage = (limitBytes: number) =>
  `Your company's storage is full: it keeps at most ${quotaSizeText(limitBytes)} of files and photos. Delete what it no longer needs to make room for this upload.`;

// Raw rows: drizzle's pg driver hands bigint and timestamps back as strings.
type CountRow = { bytes: string | number; window_start: string | Date };

export function createUploadQuota(db: Db, rules: UploadQuotaRules) {
  /** The hourly windows an upload counts against, in a fixed order (the user's, then the company's), so two uploads never wait on each other's locks crosswise. */
  function windowsOf(upload: UploadCharge): Window[] {
    const own =
      upload.budget === 'screenshots' ? WINDOWS.screenshots(upload.userId, rules.screenshotHourlyBytes) : WINDOWS.files(upload.userId, rules.userHourlyBytes);
    return upload.companyId ? [own, WINDOWS.company(upload.companyId, rules.companyHourlyBytes)] : [own];
  }

  /** Adds the bytes to a window (a window an hour old starts again with them); the window as it now stands. */
  async function add(tx: DbTx, key: string, bytes: number): Promise<{ bytes: number; windowStart: string }> {
    const rows = await tx.execute<CountRow>(sql`
      insert into upload_byte_counts as r (key, bytes, window_start) values (${key}, ${bytes}, now())
      on conflict (key) do update set
        bytes = case when r.window_start <= now() - make_interval(secs => ${HOUR_MS / 1000}) then ${bytes} else r.bytes + ${bytes} end,
        window_start = case when r.window_start <= now() - make_interval(secs => ${HOUR_MS / 1000}) then now() else r.window_start end
      returning bytes, window_start::text as window_start`);
    const row = rows.rows[0];
    if (!row) throw new Error(`the upload count of ${key} was not written`);
    return { bytes: Number(row.bytes), windowStart: String(row.window_start) };
  }

  async function storedBytes(tx: Db | DbTx, companyId: string): Promise<number> {
    const rows = await tx.execute<{ bytes: string | number }>(sql`select bytes from company_storage where company_id = ${companyId}`);
    return Number(rows.rows[0]?.bytes ?? 0);
  }

  /**
   * Counts an upload before it is stored, in one transaction: 413 STORAGE_FULL when a kept upload
   * would take its company past the storage total, 429 UPLOAD_QUOTA_EXCEEDED (with Retry-After, the
   * end of the window) when it would take the user or the company past an hour's budget; a refused
   * upload counts nowhere. An upload larger than a whole hour's budget is 413: it never fits.
   * Uploads in flight together are checked against what is stored before either is, so the storage
   * total can be passed by those uploads (a phone sends 8 photos at once), never more.
   */
  async function charge(upload: UploadCharge): Promise<ChargedUpload> {
    const windows = windowsOf(upload);
    const tooBig = windows.find((window) => upload.bytes > window.limit);
    if (tooBig)
      throw new AppError('PAYLOAD_TOO_LARGE', `This file is larger than the ${quotaSizeText(tooBig.limit)} that may be uploaded in an hour.`, {
        Connection: 'close',
      });
    const counted = await db.transaction(async (tx) => {
      if (upload.kept && upload.companyId && (await storedBytes(tx, upload.companyId)) + upload.bytes > rules.companyStorageBytes) {
        throw new AppError('STORAGE_FULL', storageFullMessage(rules.companyStorageBytes), { Connection: 'close' });
      }
      const starts: { key: string; windowStart: string }[] = [];
      for (const window of windows) {
        const now = await add(tx, window.key, upload.bytes);
        if (now.bytes > window.limit) {
          const retryAfter = Math.max(1, Math.ceil((new Date(now.windowStart).getTime() + HOUR_MS - Date.now()) / 1000));
          // Thrown inside the transaction: the bytes added to the windows before this one are rolled back too.
          throw new AppError('UPLOAD_QUOTA_EXCEEDED', window.refusal(quotaSizeText(window.limit), minutesText(retryAfter)), {
            'Retry-After': String(retryAfter),
            Connection: 'close',
          });
        }
        starts.push({ key: window.key, windowStart: now.windowStart });
      }
      return starts;
    });
    return {
      refund: async () => {
        // Only from the window it was counted in: a window started since owes it nothing.
        for (const { key, windowStart } of counted) {
          await db.execute(
            sql`update upload_byte_counts set bytes = greatest(bytes - ${upload.bytes}, 0) where key = ${key} and window_start = ${windowStart}::timestamptz`,
          );
        }
      },
    };
  }

  return {
    charge,
    /** What the company keeps in storage now, in bytes. */
    storedBytes: (companyId: string) => storedBytes(db, companyId),
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;
