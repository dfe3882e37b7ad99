import type { AttachmentQuery, ChatMessage } from '@ridgeline/shared/contracts/chat';
import { FILE_URL_SECONDS } from '@ridgeline/shared/domain/chat';
import type { Actor, Tenant } from '../../lib/actor';
import { readImageHeader } from '../../infra/images/images';
import { detectFileType } from '../../infra/storage/file-type';
import { ObjectExistsError, type Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';

/** The private bucket of chat attachments, read only through signed, expiring URLs. */
export const CHAT_BUCKET = 'chat-attachments';

/** What the attachments need from the chat core: membership, the message a client id already holds, and posting a message with its file. */
export type ChatCore = {
  requireMember: (actor: Actor, tenant: Tenant, conversationId: string) => Promise<void>;
  sentMessage: (actor: Actor, tenant: Tenant, conversationId: string, clientId: string) => Promise<ChatMessage | null>;
  postMessage: (
    actor: Actor,
    tenant: Tenant,
    conversationId: string,
    input: { clientId: string; content: string; mentions: string[]; attachment?: { objectPath: string; fileName: string; fileType: string; fileSize: number } },
  ) => Promise<{ message: ChatMessage; created: boolean }>;
  attachmentForMember: (actor: Actor, tenant: Tenant, attachmentId: string) => Promise<{ objectPath: string; fileType: string }>;
};

export type ChatAttachmentsServiceDeps = { chat: ChatCore; storage: Storage; logger: Pick<Logger, 'warn'>; maxMb: number; now?: () => number };

export const UNSUPPORTED_ATTACHMENT_MESSAGE =
  'This type of file cannot be attached. Send an image, a video, an audio recording, a PDF, a Word document (.doc, .docx) or a text file (.txt).';

export const UNREADABLE_IMAGE_MESSAGE = 'This image could not be read. Send it as a JPEG, PNG, WebP, GIF or HEIC image.';

/** The 413 answer's words: the limit in megabytes. */
export const attachmentLimitMessage = (maxMb: number) => `Files can be up to ${maxMb} MB.`;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Names that are tried after the first is taken (same sender, same millisecond, same name). */
const MAX_NAME_ATTEMPTS = 20;

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** Text a person wrote: valid UTF-8 without NUL bytes. */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const EBML_TRACKS = Buffer.from('1654AE6B', 'hex');
const TRACK_TYPE_VIDEO = Buffer.from('838101', 'hex');
const TRACK_TYPE_AUDIO = Buffer.from('838102', 'hex');

/**
 * Whether a WebM file holds sound only (a voice note from MediaRecorder): its Tracks element lists an
 * audio track (TrackType 2) and no video track (TrackType 1). WebM's container alone reads as video.
 */
export function isAudioOnlyWebm(bytes: Buffer): boolean {
  const tracks = bytes.indexOf(EBML_TRACKS);
  if (tracks < 0) return false;
  const region = bytes.subarray(tracks, tracks + 4096);
  return region.includes(TRACK_TYPE_AUDIO) && !region.includes(TRACK_TYPE_VIDEO);
}

/**
 * The attachment's MIME type from its real bytes (never the name or the client's header), or null
 * when it is not accepted. Accepted: images, video, audio, PDF, Word (.doc is the Office container
 * named .doc; .docx is recognised, or a zip named .docx) and plain text (no recognised type, named
 * .txt, valid UTF-8 without NUL). SVG is an image that can carry script: never accepted.
 */
export async function attachmentType(bytes: Buffer, fileName: string): Promise<string | null> {
  const ext = extensionOf(fileName);
  const found = await detectFileType(bytes);
  if (!found) return ext === 'txt' && isPlainText(bytes) ? 'text/plain' : null;
  const { mime } = found;
  if (mime === 'video/webm' && isAudioOnlyWebm(bytes)) return 'audio/webm';
  if ((mime.startsWith('image/') && mime !== 'image/svg+xml') || mime.startsWith('video/') || mime.startsWith('audio/')) return mime;
  if (mime === 'application/pdf' || mime === DOCX) return mime;
  if (mime === 'application/x-cfb' && ext === 'doc') return 'application/msword';
  if (mime === 'application/zip' && ext === 'docx') return DOCX;
  return null;
}

/**
 * The file's name as stored and shown: the last part of what the client sent, spaces and anything
 * outside letters, digits, '.', '-' and '_' made '-', at most 120 characters with its extension kept.
 */
export function safeFileName(name: string): string {
  const base = (name.split(/[/\\]/).pop() ?? '')
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+/, '');
  const ext = extensionOf(base);
  const stem = ext ? base.slice(0, -(ext.length + 1)) : base;
  const shortExt = ext.slice(0, 16);
  const cut = stem.slice(0, 120 - shortExt.length - 1).replace(/[.-]+$/, '') || 'file';
  return shortExt ? `${cut}.${shortExt}` : cut;
}

/** `name.ext` with `-n` before the extension (the n-th attempt after the first). */
const numbered = (name: string, n: number) => {
  if (n === 0) return name;
  const ext = extensionOf(name);
  return ext ? `${name.slice(0, -(ext.length + 1))}-${n}.${ext}` : `${name}-${n}`;
};

/**
 * Chat attachments: a file sent in a conversation becomes a message whose type follows the file's
 * real bytes; its object lives at {conversationId}/{userId}/{timestamp}-{filename} in the private
 * chat-attachments bucket, never written over another. Members only, in their own company.
 */
export function createChatAttachmentsService({ chat, storage, logger, maxMb, now = Date.now }: ChatAttachmentsServiceDeps) {
  const maxBytes = maxMb * 1024 * 1024;

  /** 404 unless the actor is a member of the conversation of their company (checked before the body is read). */
  function requireMember(actor: Actor, tenant: Tenant, conversationId: string): Promise<void> {
    return chat.requireMember(actor, tenant, conversationId);
  }

  async function removeObject(objectPath: string, why: string): Promise<void> {
    await storage.remove(CHAT_BUCKET, objectPath).catch((error: unknown) => {
      logger.warn({ err: String(error), objectPath }, `could not remove the object of ${why}`);
    });
  }

  /** Stores the bytes under a name not taken yet (a counter is added when it is). */
  async function storeNew(folder: string, fileName: string, body: Buffer, contentType: string): Promise<string> {
    const stamp = now();
    for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
      const objectPath = `${folder}/${stamp}-${numbered(fileName, attempt)}`;
      try {
        await storage.put(CHAT_BUCKET, objectPath, body, { contentType, cacheControl: 'private, max-age=300' });
        return objectPath;
      } catch (error) {
        if (!(error instanceof ObjectExistsError)) throw error;
      }
    }
    throw new AppError('CONFLICT', 'The file could not be stored. Please try again.');
  }

  /**
   * Sends a file as a message. The same clientId sent again by the same sender answers the message
   * stored the first time (`created: false`) and keeps no second file: a retry finds it before
   * storing anything, and of uploads racing each other the ones whose message was not written remove
   * their objects. When the message cannot be written, the stored object is removed again.
   */
  async function upload(
    actor: Actor,
    tenant: Tenant,
    conversationId: string,
    query: AttachmentQuery,
    body: Buffer,
  ): Promise<{ message: ChatMessage; created: boolean }> {
    await chat.requireMember(actor, tenant, conversationId);
    if (body.length > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', attachmentLimitMessage(maxMb));
    if (body.length === 0) throw AppError.badRequest('The file is empty.');
    const fileType = await attachmentType(body, query.fileName);
    if (!fileType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_ATTACHMENT_MESSAGE);
    // An image is shown as a picture: its size must be readable from its header (415 otherwise) and
    // within the pixel budget (422), checked before it is stored.
    if (fileType.startsWith('image/') && !(await readImageHeader(body))) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNREADABLE_IMAGE_MESSAGE);
    const sent = await chat.sentMessage(actor, tenant, conversationId, query.clientId);
    if (sent) return { message: sent, created: false };
    const fileName = safeFileName(query.fileName);
    const contentType = fileType === 'text/plain' ? 'text/plain; charset=utf-8' : fileType;
    const objectPath = await storeNew(`${conversationId}/${actor.userId}`, fileName, body, contentType);
    let result: { message: ChatMessage; created: boolean };
    try {
      result = await chat.postMessage(actor, tenant, conversationId, {
        clientId: query.clientId,
        content: query.caption ?? '',
        mentions: [],
        attachment: { objectPath, fileName, fileType, fileSize: body.length },
      });
    } catch (error) {
      await removeObject(objectPath, 'a chat attachment whose message failed');
      throw error;
    }
    if (!result.created) await removeObject(objectPath, 'a chat attachment sent twice');
    return result;
  }

  /** A fresh signed URL to the attachment (600 s), for members of its conversation only. */
  async function signedUrl(actor: Actor, tenant: Tenant, attachmentId: string): Promise<{ url: string; expiresAt: string }> {
    const { objectPath } = await chat.attachmentForMember(actor, tenant, attachmentId);
    const url = storage.url(CHAT_BUCKET, objectPath, FILE_URL_SECONDS);
    const expires = Number(new URL(url, 'http://localhost').searchParams.get('expires'));
    const expiresAt = new Date(Number.isFinite(expires) && expires > 0 ? expires * 1000 : now() + FILE_URL_SECONDS * 1000).toISOString();
    return { url, expiresAt };
  }

  return { requireMember, upload, signedUrl };
}

export type ChatAttachmentsService = ReturnType<typeof createChatAttachmentsService>;
