import { z } from 'zod';
import { EMAIL_ALREADY_REGISTERED_MESSAGE } from './auth-messages';
import { pixelBudgetMessage } from './images';
import { COMMON_PASSWORD_MESSAGE } from './password-policy';

/**
 * The error catalogue: every code the API may send, with the HTTP status it is sent with and the
 * words the web app shows when the answer carries no message of its own. The server's AppError
 * takes only these codes; a test walks the catalogue against what the server really sends.
 */
export const ERROR_CATALOGUE = {
  // Generic answers, one per status.
  VALIDATION_ERROR: { status: 400, message: 'Please check your input and try again.' },
  UNAUTHENTICATED: { status: 401, message: 'Authentication required. Please sign in and try again.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to perform this action.' },
  NOT_FOUND: { status: 404, message: 'We could not find what you were looking for.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This request method is not allowed here.' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state. Refresh and try again.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This type of content is not supported.' },
  UNPROCESSABLE_ENTITY: { status: 422, message: 'The request could not be processed. Please check your input and try again.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL_ERROR: { status: 500, message: 'Server error. Please try again later.' },
  UPSTREAM_FAILED: { status: 502, message: 'A service we depend on failed. Please try again.' },
  MAINTENANCE: {
    status: 503,
    message: "We're Performing Maintenance. Typically this will be under 30 minutes. Please check back later.",
  },
  DATABASE_UNAVAILABLE: { status: 503, message: 'The database is not reachable.' },
  SHUTTING_DOWN: { status: 503, message: 'This server is shutting down. Please try again in a moment.' },
  // Reads that could hold the database for everyone: no free connection in time, a statement past its
  // timeout, or the same user's previous read of the kind still running.
  DATABASE_BUSY: { status: 503, message: 'The server is busy right now. Please try again in a moment.' },
  QUERY_TIMEOUT: { status: 503, message: 'This took too long to put together and was stopped. Try a shorter date range, or try again in a moment.' },
  READ_IN_PROGRESS: { status: 429, message: 'Your previous request for this is still running. Please wait for it to finish and try again.' },

  // Request bodies.
  JSON_TOO_DEEP: { status: 400, message: 'The request body is nested too deeply (at most 64 levels of objects and arrays).' },

  // Accounts and sign-in.
  ACCOUNT_DISABLED: {
    status: 403,
    message: 'Your account access has been disabled by an administrator. Please contact your system administrator to restore access to your account.',
  },
  EMAIL_ALREADY_REGISTERED: { status: 409, message: EMAIL_ALREADY_REGISTERED_MESSAGE },
  WEAK_PASSWORD: { status: 400, message: COMMON_PASSWORD_MESSAGE },
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: 'Invalid email or password.' },
  INVALID_PASSWORD: { status: 400, message: 'The password is not correct.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Please confirm your email address before signing in.' },
  INVALID_TOKEN: { status: 400, message: 'This link is invalid or has expired. Please request a new one.' },
  INVALID_CODE: { status: 401, message: 'The code is not correct. Please try again.' },
  INVALID_BACKUP_CODE: { status: 401, message: 'That recovery code is not correct. Please try again.' },
  INVALID_CHALLENGE: { status: 400, message: 'This challenge is unknown or has expired. Request a new one.' },
  INVALID_ORIGIN: { status: 403, message: 'This request came from an origin that is not allowed.' },
  SESSION_NOT_FOUND: { status: 404, message: 'That session was not found.' },

  // better-auth's own codes that reach the client unchanged, each with the one status better-auth
  // sends it with (any other code, or a known code with another status, becomes the generic code of
  // the status: see the server's auth gateway).
  INVALID_EMAIL: { status: 400, message: 'Please enter a valid email address.' },
  PASSWORD_TOO_SHORT: { status: 400, message: 'The password is too short.' },
  PASSWORD_TOO_LONG: { status: 400, message: 'The password is too long.' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { status: 400, message: 'This account has no password yet.' },
  SESSION_EXPIRED: { status: 400, message: 'Your session has expired. Please sign in again to do this.' },
  EMAIL_ALREADY_VERIFIED: { status: 400, message: 'This email address is already confirmed.' },
  MISSING_OR_NULL_ORIGIN: { status: 403, message: 'This request came from an origin that is not allowed.' },
  INVALID_CALLBACK_URL: { status: 403, message: 'This link points to a site that is not allowed.' },
  INVALID_REDIRECT_URL: { status: 403, message: 'This link points to a site that is not allowed.' },
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: { status: 403, message: 'Please sign in from the Ridgeline page itself.' },
  SESSION_NOT_FRESH: { status: 403, message: 'Please sign in again to do this.' },
  INVALID_TWO_FACTOR_COOKIE: { status: 401, message: 'The two-factor sign-in has expired. Please sign in again.' },
  TWO_FACTOR_NOT_ENABLED: { status: 400, message: 'Two-factor authentication is not turned on.' },
  TOTP_NOT_ENABLED: { status: 400, message: 'The authenticator app is not set up.' },
  TOTP_NOT_CONFIGURED: { status: 400, message: 'The authenticator app is not available.' },
  TOTP_ALREADY_ENABLED: { status: 400, message: 'The authenticator app is already set up.' },
  BACKUP_CODES_NOT_ENABLED: { status: 400, message: 'Backup codes are not turned on.' },
  OTP_HAS_EXPIRED: { status: 400, message: 'The code has expired. Please request a new one.' },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { status: 400, message: 'Too many attempts. Please request a new code.' },
  ACCOUNT_TEMPORARILY_LOCKED: {
    status: 429,
    message: 'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
  },

  // Companies and teams.
  NO_COMPANY: { status: 403, message: 'You are not a member of a company.' },
  CANNOT_REMOVE_SELF: { status: 400, message: 'You cannot remove yourself from the team.' },

  // Claim files.
  ACTIVE_FILE_LIMIT: {
    status: 409,
    message: 'Your plan has no free active-file slot. Close or archive a claim file, or upgrade your plan on /pricing.',
  },
  STATUS_IN_USE: { status: 409, message: 'Claim files are in this status. Move them to another status before deleting it.' },
  CARRIER_EXISTS: { status: 409, message: 'A carrier with this name is already in your directory.' },

  // The claim money ledger.
  LEDGER_REFERENCE_INVALID: { status: 422, message: "The entry this refers to is not on this claim file's ledger, or is not of the right kind." },
  LEDGER_ALREADY_REVERSED: { status: 409, message: 'This entry is already reversed, or is itself a reversal.' },
  LEDGER_SUPPLEMENT_DECIDED: { status: 409, message: "This supplement already has the insurer's answer. Reverse that entry first to record another." },
  LEDGER_PAYMENT_SETTLED: { status: 409, message: 'This expected payment is already received.' },
  LEDGER_FULL: { status: 409, message: "This claim file's ledger is full (500 entries)." },
  LEDGER_RECEIVED_IN_FUTURE: {
    status: 422,
    message: 'A payment dated in the future is not received yet: record it as a payment expected, or correct the date.',
  },

  // Field capture.
  PROFILE_NOT_FOUND: { status: 403, message: 'User profile not found' },
  PHOTO_CONFLICT: { status: 409, message: 'A different file was already uploaded under this photo id.' },
  PHOTO_ALREADY_USED: { status: 409, message: 'This photo is already used for another shot of this inspection. Take a new photo for this shot.' },
  CHECKSUM_MISMATCH: { status: 400, message: 'The photo did not arrive intact (its SHA-256 does not match). It will be sent again.' },
  HEIC_NOT_SUPPORTED: {
    status: 415,
    message: 'HEIC photos are not accepted yet. On an iPhone, set Settings > Camera > Formats to "Most Compatible" (JPEG) and take the photo again.',
  },

  // Uploaded images (logos, avatars, photos, chat images, project files).
  IMAGE_TOO_MANY_PIXELS: { status: 422, message: pixelBudgetMessage() },
  PHOTO_UNREADABLE: {
    status: 422,
    message: 'This photo could not be read: the file is damaged or was not saved completely. Take the photo again, or pick another copy.',
  },

  // Platform administration.
  CANNOT_DISABLE_SELF: { status: 400, message: 'You cannot disable your own account.' },
  ALREADY_IMPERSONATING: { status: 403, message: 'End the current impersonation before starting another.' },
  NOT_IMPERSONATING: { status: 400, message: 'You are not impersonating anyone.' },
  IMPERSONATION_RESTRICTED: {
    status: 403,
    message: 'An admin viewing as this user cannot change their password, two-factor settings or sessions.',
  },
  IMPERSONATION_TARGET_DISABLED: { status: 400, message: 'This account is disabled. Enable it before impersonating it.' },
  IMPERSONATION_FAILED: { status: 502, message: 'The impersonation session could not be created.' },

  // Team chat.
  CANNOT_REMOVE_SELF_FROM_CONVERSATION: { status: 400, message: 'You cannot remove yourself from a conversation.' },
  NOT_A_COLLEAGUE: { status: 400, message: 'Only colleagues of your company can be added to a conversation.' },
  PUSH_ENDPOINT_REFUSED: {
    status: 400,
    message: "This push address is not accepted. Notifications are only sent to a browser's push service at a public address.",
  },
  PUSH_ENDPOINT_TAKEN: {
    status: 409,
    message: "This device's notifications are registered to another account. Turn them off in that account first.",
  },

  // Reports, proposals and share links.
  SHOT_LIST_INCOMPLETE: {
    status: 422,
    message: 'Required photos are missing. Take them first, or give a reason to make the report anyway.',
  },
  DRAFT_CHANGED: { status: 409, message: 'Someone else saved this draft after you opened it. Reload to see their changes.' },
  PROPOSAL_SIGNED: { status: 409, message: 'This proposal is signed and can no longer be changed.' },
  DOCUMENT_NOT_READY: { status: 409, message: 'The PDF is not ready yet.' },
  COMPANY_DETAILS_MISSING: {
    status: 422,
    message: "Add your company's name, address and phone number in Settings first: they are printed on the letterhead.",
  },
  COVER_LETTER_INCOMPLETE: {
    status: 422,
    message: 'The cover letter names what this claim file does not have yet. Fill it in on the claim file, or take it out of the letter.',
  },
  SHARE_LINK_INACTIVE: { status: 409, message: 'This link has expired or was revoked. Make a new link to send.' },

  // Billing, credits and service orders.
  BILLING_READ_ONLY: {
    status: 402,
    message: 'Your company is read-only until a plan is chosen. Everything stays visible and exportable. Choose a plan on /pricing to keep working.',
  },
  NOT_PAYER: { status: 403, message: 'Only the company owner can choose a plan or pay. Ask your owner to do it.' },
  SAME_PLAN: { status: 409, message: 'Your company is already on this plan.' },
  PLAN_BELOW_ACTIVE_FILES: { status: 409, message: 'This plan allows fewer active files than you have open. Close or archive some files first.' },
  NO_PAYMENT_CUSTOMER: { status: 409, message: 'There is no payment account yet. Choose a plan first; the card you enter becomes your payment method.' },
  INSUFFICIENT_CREDITS: { status: 409, message: 'Your credit balance is too low for this. Buy credits on /credits.' },
  SERVICE_ORDER_CLOSED: { status: 409, message: 'This service order can no longer be changed.' },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: 'The webhook signature is not valid.' },

  // The assistant.
  ASSISTANT_DAILY_LIMIT: {
    status: 429,
    message: "Your company has used all of today's assistant answers. The count starts again at midnight UTC; an owner can raise the limit in Settings.",
  },
  ASSISTANT_ANSWER_FAILED: { status: 502, message: 'The AI provider did not finish the answer. Nothing was saved; ask again.' },
  ASSISTANT_BUSY: { status: 409, message: 'An answer is still being written in this conversation. Wait for it to finish, or stop it, then ask again.' },

  // Upload quotas: bytes per user and per company per hour, and what a company keeps in storage.
  UPLOAD_QUOTA_EXCEEDED: { status: 429, message: 'The uploads of this hour have reached their limit. Uploads can continue later.' },
  STORAGE_FULL: { status: 413, message: "Your company's storage is full. Delete files or photos it no longer needs to make room." },

  // Feedback to the Ridgeline team.
  FEEDBACK_SCREENSHOT_MISSING: { status: 422, message: 'This screenshot is no longer waiting to be sent. Choose the image again.' },
} as const satisfies Record<string, { status: number; message: string }>;

/** A code of the catalogue. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Every code of the catalogue. */
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** Whether a string is a code of the catalogue. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** The HTTP status a code is always sent with. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}

/** The catalogue's default words for a code. */
export function errorMessage(code: ErrorCode): string {
  return ERROR_CATALOGUE[code].message;
}

/** The Error result: every API failure answers `{ error: ErrorResult }`. */
export const errorResultSchema = z.object({
  message: z.string(),
  code: z.string(),
  timestamp: z.string(),
  requestId: z.string(),
});
export type ErrorResult = z.infer<typeof errorResultSchema>;

/** The wire body of every failed API call. */
export const errorBodySchema = z.object({ error: errorResultSchema });
export type ErrorBody = z.infer<typeof errorBodySchema>;
