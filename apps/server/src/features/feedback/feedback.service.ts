import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  AdminFeedbackDetail,
  AdminFeedbackItem,
  AdminFeedbackPage,
  adminFeedbackQuerySchema,
  createFeedbackSchema,
  FeedbackDetail,
  FeedbackEntry,
  FeedbackItem,
  FeedbackScreenshot,
  FeedbackSummary,
} from '@ridgeline/shared/contracts/feedback';
import {
  FEEDBACK_SOURCES,
  FEEDBACK_STATUS_LABELS,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPES,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_TOO_LARGE_MESSAGE,
  SCREENSHOT_TYPE_MESSAGE,
  SCREENSHOT_TYPES,
  type FeedbackStatus,
} from '@ridgeline/shared/domain/feedback';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { intakeFeedback } from '../../data/feedback-intake';
import { insertNotification } from '../../data/notifications';
import { readImageHeader } from '../../infra/images/images';
import type { MailMessage } from '../../infra/mail/mailer';
import { acceptFileType } from '../../infra/storage/file-type';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { excerpt, feedbackReplyMail, feedbackStatusMail } from './feedback-mails';
import { assertMayTriage, feedbackOwner } from './feedback.policy';
import {
  claimScreenshot,
  countOpenFeedback,
  deleteSupersededScreenshots,
  findFeedback,
  findItemScreenshot,
  insertEntry,
  insertScreenshot,
  listEntries,
  listFeedbackCompanies,
  listOwnFeedback,
  listTriage,
  lockFeedback,
  touchFeedback,
  updateFeedbackStatus,
  type EntryRow,
  type FeedbackOwner,
  type FeedbackRow,
} from './feedback.repository';

export type FeedbackServiceDeps = {
  db: Db;
  storage: Storage;
  logger: Pick<Logger, 'warn'>;
  queueMail: (message: MailMessage) => Promise<void>;
  publicUrl: string;
};

/** The private bucket of screenshots, read only through signed, expiring URLs. */
export const FEEDBACK_BUCKET = 'feedback-screenshots';
/** How long a screenshot's signed URL works, in seconds. */
const SCREENSHOT_URL_SECONDS = 600;
/** A user's Feedback Loop lists at most this many items. */
export const OWN_FEEDBACK_LIMIT = 200;
/** A page of the triage list. */
export const TRIAGE_PAGE_SIZE = 50;

export const UNREADABLE_SCREENSHOT_MESSAGE = 'This image could not be read. Save it again as a PNG or JPEG and choose it again.';

type CreateFeedback = z.output<typeof createFeedbackSchema>;
type TriageQuery = z.output<typeof adminFeedbackQuerySchema>;

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T => values.find((candidate) => candidate === value) ?? fallback;

const nameOf = (row: { authorFirstName: string | null; authorLastName: string | null; authorAccountName: string | null; authorEmail: string | null }) =>
  row.authorEmail === null
    ? null
    : displayName({ firstName: row.authorFirstName, lastName: row.authorLastName, name: row.authorAccountName, email: row.authorEmail }) || null;

function presentItem(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    type: oneOf(FEEDBACK_TYPES, row.type, 'problem'),
    status: oneOf(FEEDBACK_STATUSES, row.status, 'new'),
    source: oneOf(FEEDBACK_SOURCES, row.source, 'user'),
    message: row.message,
    page: row.page,
    replyCount: row.replyCount,
    lastReplyBy: row.lastReplyByTeam === null ? null : row.lastReplyByTeam ? 'team' : 'author',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentTeamView(row: FeedbackRow): Pick<AdminFeedbackItem, 'company' | 'author'> {
  const name = nameOf(row);
  return {
    company: { id: row.companyId, name: row.companyName },
    author: row.authorEmail !== null ? { id: row.authorId, name: name ?? row.authorEmail, email: row.authorEmail } : null,
  };
}

function presentEntry(row: EntryRow): FeedbackEntry {
  return {
    id: row.id,
    kind: row.kind === 'status' ? 'status' : 'reply',
    body: row.body,
    status: row.status === null ? null : oneOf(FEEDBACK_STATUSES, row.status, 'new'),
    byTeam: row.byTeam,
    authorName: nameOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Feedback to the Ridgeline team. Every member of a company sends their own (a problem, an idea or a
 * question, about a page, with a screenshot uploaded first) and reads and answers only their own:
 * anyone else's id is not found (404). Platform admins triage every company's: they change its
 * status and reply, and each change reaches the author in their inbox (in the same transaction) and
 * by mail (queued once it is committed).
 */
export function createFeedbackService({ db, storage, logger, queueMail, publicUrl }: FeedbackServiceDeps) {
  const loopUrl = (id: string) => `${publicUrl}/feedback-loop/${id}`;

  async function detailOf(row: FeedbackRow): Promise<FeedbackDetail> {
    const [entries, screenshot] = await Promise.all([listEntries(db, row.id), findItemScreenshot(db, row.id)]);
    return {
      ...presentItem(row),
      appVersion: row.appVersion,
      browser: row.browser,
      screenshot: screenshot
        ? {
            url: storage.url(FEEDBACK_BUCKET, screenshot.objectPath, SCREENSHOT_URL_SECONDS),
            contentType: screenshot.contentType,
            width: screenshot.width,
            height: screenshot.height,
          }
        : null,
      entries: entries.map(presentEntry),
    };
  }

  async function ownRow(owner: FeedbackOwner, id: string): Promise<FeedbackRow> {
    const row = await findFeedback(db, owner, id);
    if (!row) throw AppError.notFound('Feedback not found');
    return row;
  }

  async function anyRow(id: string): Promise<FeedbackRow> {
    const row = await findFeedback(db, null, id);
    if (!row) throw AppError.notFound('Feedback not found');
    return row;
  }

  /**
   * Keeps a screenshot for feedback the author is about to send: an image of SCREENSHOT_TYPES read
   * from its bytes (415 otherwise), whose header sharp reads (415) and whose size is within the
   * pixel budget (422 IMAGE_TOO_MANY_PIXELS), all checked before it is stored. Uploaded for a draft
   * (the form's id), it supersedes the author's screenshot still waiting for that draft: the old row
   * goes in the new one's transaction, then its file, so picking another image leaves nothing behind.
   */
  async function uploadScreenshot(actor: Actor, tenant: Tenant, body: Buffer, draftId: string | null): Promise<FeedbackScreenshot> {
    if (body.length > SCREENSHOT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', SCREENSHOT_TOO_LARGE_MESSAGE);
    if (body.length === 0) throw AppError.badRequest('The image is empty.');
    const type = await acceptFileType(body, SCREENSHOT_TYPES);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', SCREENSHOT_TYPE_MESSAGE);
    const header = await readImageHeader(body);
    if (!header) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNREADABLE_SCREENSHOT_MESSAGE);
    const objectPath = `${tenant.companyId}/${actor.userId}/${randomUUID()}.${type.ext}`;
    await storage.put(FEEDBACK_BUCKET, objectPath, body, { contentType: type.mime, cacheControl: 'private, max-age=300' });
    let kept: { id: string; superseded: string[] };
    try {
      kept = await db.transaction(async (tx) => {
        const { id } = await insertScreenshot(tx, {
          companyId: tenant.companyId,
          authorId: actor.userId,
          draftId,
          objectPath,
          contentType: type.mime,
          byteSize: body.length,
          width: header.width,
          height: header.height,
        });
        return { id, superseded: draftId ? await deleteSupersededScreenshots(tx, feedbackOwner(actor, tenant), draftId, id) : [] };
      });
    } catch (error) {
      await storage.remove(FEEDBACK_BUCKET, objectPath).catch((removeError: unknown) => {
        logger.warn({ err: String(removeError), objectPath }, 'could not remove the object of a screenshot whose row failed');
      });
      throw error;
    }
    for (const path of kept.superseded) {
      await storage.remove(FEEDBACK_BUCKET, path).catch((error: unknown) => {
        logger.warn({ err: String(error), objectPath: path }, 'could not remove the file of a superseded screenshot');
      });
    }
    return { id: kept.id, contentType: type.mime, byteSize: body.length, width: header.width, height: header.height };
  }

  /**
   * Sends feedback as new, with the screenshot the author uploaded for it: one transaction, so a
   * screenshot that is not theirs or no longer waiting (422 FEEDBACK_SCREENSHOT_MISSING) leaves
   * nothing written.
   */
  async function create(actor: Actor, tenant: Tenant, input: CreateFeedback, browser: string | null): Promise<FeedbackDetail> {
    const owner = feedbackOwner(actor, tenant);
    const id = await db.transaction(async (tx) => {
      const filed = await intakeFeedback(tx, {
        companyId: tenant.companyId,
        authorId: actor.userId,
        type: input.type,
        message: input.message,
        page: input.page ?? null,
        appVersion: input.appVersion,
        browser,
        source: 'user',
      });
      if (input.screenshotId && !(await claimScreenshot(tx, owner, input.screenshotId, filed.id))) throw new AppError('FEEDBACK_SCREENSHOT_MISSING');
      return filed.id;
    });
    return detailOf(await ownRow(owner, id));
  }

  /** The user's own feedback, last changed first. */
  async function listOwn(actor: Actor, tenant: Tenant): Promise<FeedbackItem[]> {
    return (await listOwnFeedback(db, feedbackOwner(actor, tenant), OWN_FEEDBACK_LIMIT)).map(presentItem);
  }

  async function detailOwn(actor: Actor, tenant: Tenant, id: string): Promise<FeedbackDetail> {
    return detailOf(await ownRow(feedbackOwner(actor, tenant), id));
  }

  /** The author answers in their own thread (the team sees it in triage). */
  async function replyOwn(actor: Actor, tenant: Tenant, id: string, body: string): Promise<FeedbackDetail> {
    const owner = feedbackOwner(actor, tenant);
    await db.transaction(async (tx) => {
      const item = await lockFeedback(tx, owner, id);
      if (!item) throw AppError.notFound('Feedback not found');
      await insertEntry(tx, { feedbackId: id, authorId: actor.userId, byTeam: false, kind: 'reply', body });
      await touchFeedback(tx, id);
    });
    return detailOwn(actor, tenant, id);
  }

  /** The triage list across companies, filtered by status ('open': new, planned, in progress), type and company. */
  async function triage(actor: Actor, query: TriageQuery): Promise<AdminFeedbackPage> {
    assertMayTriage(actor);
    const [{ rows, total }, companies] = await Promise.all([
      listTriage(db, { status: query.status, type: query.type, companyId: query.companyId }, query.page, TRIAGE_PAGE_SIZE),
      listFeedbackCompanies(db),
    ]);
    return { items: rows.map((row) => ({ ...presentItem(row), ...presentTeamView(row) })), total, page: query.page, pageSize: TRIAGE_PAGE_SIZE, companies };
  }

  async function triageDetail(actor: Actor, id: string): Promise<AdminFeedbackDetail> {
    assertMayTriage(actor);
    const row = await anyRow(id);
    return { ...(await detailOf(row)), ...presentTeamView(row) };
  }

  async function summary(actor: Actor): Promise<FeedbackSummary> {
    assertMayTriage(actor);
    return countOpenFeedback(db);
  }

  /** Queues a mail once the change is committed; the inbox already holds the change, so a queue failure is logged, not answered. */
  async function mailAuthor(message: MailMessage | null, feedbackId: string): Promise<void> {
    if (!message) return;
    try {
      await queueMail(message);
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : String(error), feedbackId }, 'feedback mail could not be queued');
    }
  }

  /**
   * The team moves an item to another status: the thread's entry, the author's notification and
   * the item in one transaction, then the mail. The status it already has changes nothing and tells
   * nobody.
   */
  async function setStatus(actor: Actor, id: string, status: FeedbackStatus): Promise<AdminFeedbackDetail> {
    assertMayTriage(actor);
    const row = await anyRow(id);
    const statusLabel = FEEDBACK_STATUS_LABELS[status];
    const changed = await db.transaction(async (tx: DbTx) => {
      const item = await lockFeedback(tx, null, id);
      if (!item) throw AppError.notFound('Feedback not found');
      if (item.status === status) return false;
      await updateFeedbackStatus(tx, id, status);
      await insertEntry(tx, { feedbackId: id, authorId: actor.userId, byTeam: true, kind: 'status', status });
      await insertNotification(tx, {
        companyId: item.companyId,
        profileId: item.authorId,
        kind: 'feedback',
        title: `Your feedback is now: ${statusLabel}`,
        body: excerpt(item.message, 140),
        link: `/feedback-loop/${id}`,
        actorId: actor.userId,
      });
      return true;
    });
    if (changed && row.authorEmail) await mailAuthor(feedbackStatusMail(row.authorEmail, { message: row.message, statusLabel, url: loopUrl(id) }), id);
    return triageDetail(actor, id);
  }

  /** The team replies in the item's thread: the entry and the author's notification in one transaction, then the mail. */
  async function teamReply(actor: Actor, id: string, body: string): Promise<AdminFeedbackDetail> {
    assertMayTriage(actor);
    const row = await anyRow(id);
    await db.transaction(async (tx) => {
      const item = await lockFeedback(tx, null, id);
      if (!item) throw AppError.notFound('Feedback not found');
      await insertEntry(tx, { feedbackId: id, authorId: actor.userId, byTeam: true, kind: 'reply', body });
      await touchFeedback(tx, id);
      await insertNotification(tx, {
        companyId: item.companyId,
        profileId: item.authorId,
        kind: 'feedback',
        title: 'The Ridgeline team replied to your feedback',
        body: excerpt(body, 140),
        link: `/feedback-loop/${id}`,
        actorId: actor.userId,
      });
    });
    if (row.authorEmail) await mailAuthor(feedbackReplyMail(row.authorEmail, { message: row.message, reply: body, url: loopUrl(id) }), id);
    return triageDetail(actor, id);
  }

  return { uploadScreenshot, create, listOwn, detailOwn, replyOwn, triage, triageDetail, summary, setStatus, teamReply };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
