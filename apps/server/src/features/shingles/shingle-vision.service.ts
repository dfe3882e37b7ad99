import { readVisionAnswer, type ShingleVisionStatus, type ShingleVisionSuggestion } from '@ridgeline/shared/contracts/shingles';
import { NAIL_ZONES, SEALANTS, SHINGLE_CUTS, SHINGLE_TYPES } from '@ridgeline/shared/domain/shingle-id';
import type { Actor, Tenant } from '../../lib/actor';
import { ProviderFailed, ProviderStopped, ProviderStreamCut, type ChatProvider } from '../../infra/ai/chat-provider';
import { endAssistantUse, readAssistantAllowance, reserveAssistantUse } from '../../data/assistant-usage';
import type { Db } from '../../infra/db/client';
import { imagePipeline, isOverPixelBudget, readImageHeader } from '../../infra/images/images';
import { detectFileType } from '../../infra/storage/file-type';
import { AppError } from '../../lib/app-error';

// Shingle ID's optional vision: with an AI provider configured (the assistant's, which the company's
// owner has not turned off), one photo of the shingle's face suggests its type, cut, nailing area and
// sealant pattern. What goes to the provider is the photo only (made again as a small JPEG, so no
// EXIF or GPS travels) and a fixed question: no claim file, address or measurement. The answer is read
// against the shared vocabulary (anything else is dropped) and given back as suggestions; nothing of
// it is stored. Each call counts against the company's daily assistant limit (a use with only the
// company, the user, the model and the time), reserved before the provider is asked and given back
// only if it refused or could not be reached. Without a provider, or with it turned off, the feature is absent:
// 404, and the status says so, so the page shows nothing.

export type ShingleVisionDeps = { db: Db; provider: ChatProvider | null; defaultDailyLimit: number; now?: () => Date };

/** The photo types taken, decided from the bytes (those of a shingle photo). */
const VISION_PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** The longest side of the JPEG sent: enough to see tabs, cut and sealant, small enough to send fast. */
export const VISION_IMAGE_SIDE = 1024;
const UNSUPPORTED_PHOTO = 'This file is not a photo we accept. Take the photo as a JPEG, PNG or WebP image.';

const list = (values: readonly string[]) => values.map((value) => `"${value}"`).join(', ');
export const VISION_SYSTEM_PROMPT = [
  'You look at one photo of an asphalt roof shingle and say what it shows. Answer with one JSON object only, no other text:',
  `{"type": one of ${list(SHINGLE_TYPES)} or null, "cut": one of ${list(SHINGLE_CUTS)} or null, "nailZone": one of ${list(NAIL_ZONES)} or null, "sealant": one of ${list(SEALANTS)} or null}.`,
  'Use null for anything the photo does not clearly show. Do not guess a manufacturer or product line.',
].join('\n');
export const VISION_QUESTION = 'What type, cut, nailing area and sealant pattern does this shingle show?';

export function createShingleVisionService({ db, provider, defaultDailyLimit, now = () => new Date() }: ShingleVisionDeps) {
  /** The company's limit when the provider may be asked, or null (no provider, or the owner turned it off). */
  async function allowance(tenant: Tenant): Promise<{ dailyLimit: number } | null> {
    if (!provider) return null;
    const row = await readAssistantAllowance(db, tenant.companyId);
    if (!row?.providerEnabled) return null;
    return { dailyLimit: row.dailyLimit ?? defaultDailyLimit };
  }

  async function status(tenant: Tenant): Promise<ShingleVisionStatus> {
    return { available: (await allowance(tenant)) !== null };
  }

  /** The photo as a small upright JPEG data URL (decoded whole: a damaged file is refused). */
  async function toDataUrl(body: Buffer): Promise<string> {
    if (body.length === 0) throw AppError.badRequest('The upload is empty.');
    const type = await detectFileType(body);
    if (!type || !VISION_PHOTO_TYPES.has(type.mime) || !(await readImageHeader(body))) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_PHOTO);
    try {
      const jpeg = await imagePipeline(body, { failOn: 'truncated' })
        .rotate()
        .resize(VISION_IMAGE_SIDE, VISION_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 80 })
        .toBuffer();
      return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    } catch (error) {
      if (isOverPixelBudget(error)) throw new AppError('IMAGE_TOO_MANY_PIXELS');
      throw new AppError('PHOTO_UNREADABLE');
    }
  }

  /** The provider's words about the photo, or the AppError that says why there are none; a refusal gives the use back. */
  async function askAbout(vision: ChatProvider, imageDataUrl: string, signal: AbortSignal, spend: { counts: boolean }) {
    try {
      return await vision.describeImage({ system: VISION_SYSTEM_PROMPT, question: VISION_QUESTION, imageDataUrl }, { signal });
    } catch (error) {
      if (error instanceof ProviderFailed) spend.counts = false;
      if (error instanceof ProviderFailed || error instanceof ProviderStreamCut) {
        throw new AppError('ASSISTANT_ANSWER_FAILED', `${error.message}: no suggestions from this photo. Fill in the form yourself, or try again.`);
      }
      if (error instanceof ProviderStopped) throw new AppError('ASSISTANT_ANSWER_FAILED', 'The request was stopped: no suggestions from this photo.');
      throw error;
    }
  }

  async function suggest(actor: Actor, tenant: Tenant, body: Buffer, signal: AbortSignal): Promise<ShingleVisionSuggestion> {
    const allowed = await allowance(tenant);
    if (!allowed || !provider) throw AppError.notFound('No AI provider is set up for suggestions from a photo.');
    const imageDataUrl = await toDataUrl(body);
    // Counted from before the call, so requests at once never pass the limit; a call the provider
    // refused or never received is given back, any other (answered, cut off, stopped) counts.
    const use = await reserveAssistantUse(db, {
      companyId: tenant.companyId,
      userId: actor.userId,
      kind: 'vision',
      conversationId: null,
      dailyLimit: allowed.dailyLimit,
      now: now(),
    });
    const spend = { counts: true, model: null as string | null };
    try {
      const answer = await askAbout(provider, imageDataUrl, signal, spend);
      spend.model = answer.model;
      return readVisionAnswer(answer.text);
    } finally {
      await endAssistantUse(db, use, spend);
    }
  }

  return { status, suggest };
}
