import exifr from 'exifr';
import type { Sharp } from 'sharp';
import type { Db } from '../../infra/db/client';
import type { EventPublisher } from '../../infra/events/event-bus';
import { imagePipeline, isOverPixelBudget, readImageHeader } from '../../infra/images/images';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import { decodeHeic } from './heic-decoder';
import { findPhotoForThumbnails, saveSmallThumbnail, saveThumbnailResult, type ThumbnailResult } from './photos.repository';

// The thumbnail job: two JPEG sizes of a photo, upright (EXIF orientation applied), stored next to
// the original; the photo's GPS and capture time from its EXIF when the device sent none; and the
// dimensions of a HEIC photo (the request does not decode HEIC). The large size is made by the job
// queue, never in the upload request; the small one is what the upload's decode check of a JPEG,
// PNG or WebP draws anyway (the whole file decoded at its smallest scale), so the upload stores it
// and the job publishes it first, before it decodes the original again for the large one. The
// upload answer names no thumbnail: the job publishes each as it is stored, the small one first so
// a gallery shows the photo while the large one is made. Nothing is decoded over the pixel budget:
// sharp refuses such an input, and a HEIC photo's header is read before the HEIC decoder sees it.

export const THUMBNAIL_JOB = 'generate-photo-thumbnails';
/** `smallStored`: the upload stored the small size beside the original; the job makes only the large one. */
export type ThumbnailJob = { photoId: string; companyId: string; smallStored?: boolean };

const BUCKET = 'project-files';
/** The long edge of each size, in pixels. */
export const THUMB_SIZES = { small: 400, large: 1600 } as const;
const HEIC_TYPES = new Set(['image/heic', 'image/heif']);
/** How long a stored thumbnail may be cached: an hour. */
export const THUMBNAIL_CACHE_CONTROL = 'max-age=3600';

/** Where a thumbnail of an original lives: beside it, `<name>_thumb_<size>.jpg`. */
export function thumbnailPath(filePath: string, size: keyof typeof THUMB_SIZES): string {
  const dot = filePath.lastIndexOf('.');
  const stem = dot > filePath.lastIndexOf('/') ? filePath.slice(0, dot) : filePath;
  return `${stem}_thumb_${size}.jpg`;
}

export type Thumbnails = { small: Buffer; large: Buffer; width: number; height: number };

const LARGE_RESIZE = [THUMB_SIZES.large, THUMB_SIZES.large, { fit: 'inside', withoutEnlargement: true }] as const;
const SMALL_RESIZE = [THUMB_SIZES.small, THUMB_SIZES.small, { fit: 'inside', withoutEnlargement: true }] as const;
const LARGE_JPEG = { quality: 82 } as const;
const SMALL_JPEG = { quality: 78 } as const;

/**
 * The upload's decode check of a JPEG, PNG or WebP, which keeps its drawing: the small thumbnail
 * (upright, JPEG shrink-on-load decodes at 1/8 scale yet reads every scan to the end), or null when
 * the pixels do not decode to their end (a truncated or damaged file). An image over the pixel
 * budget is refused with 422 IMAGE_TOO_MANY_PIXELS before a pixel is decoded.
 */
export async function drawSmallThumbnail(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await imagePipeline(bytes, { failOn: 'truncated' })
      .rotate()
      .resize(...SMALL_RESIZE)
      .jpeg(SMALL_JPEG)
      .toBuffer();
  } catch (error) {
    if (isOverPixelBudget(error)) throw new AppError('IMAGE_TOO_MANY_PIXELS');
    return null;
  }
}

/** The large size only, from a JPEG, PNG or WebP original whose upright size the upload stored. */
export async function makeLargeThumbnail(bytes: Buffer): Promise<Buffer> {
  return imagePipeline(bytes, { failOn: 'none' }).rotate().resize(...LARGE_RESIZE).jpeg(LARGE_JPEG).toBuffer();
}

/**
 * Makes both sizes from the original's bytes: decoded once, rotated upright and shrunk to the large
 * size (JPEG shrink-on-load keeps this cheap), then the small one from the large. `known` is the
 * upright size the upload already read from the header (JPEG, PNG, WebP): no second header read.
 */
export async function makeThumbnails(bytes: Buffer, mimeType: string, known?: { width: number; height: number }): Promise<Thumbnails> {
  let source: Sharp;
  let width: number;
  let height: number;
  if (HEIC_TYPES.has(mimeType)) {
    // Over the budget: refused (422 IMAGE_TOO_MANY_PIXELS) before a pixel is decoded.
    await readImageHeader(bytes);
    const image = await decodeHeic(bytes);
    width = image.width;
    height = image.height;
    source = imagePipeline(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
  } else {
    source = imagePipeline(bytes, { failOn: 'none' }).rotate();
    const size = known ?? (await imagePipeline(bytes).metadata()).autoOrient;
    width = size.width;
    height = size.height;
  }
  const large = await source.resize(...LARGE_RESIZE).jpeg(LARGE_JPEG).toBuffer();
  const small = await imagePipeline(large).resize(...SMALL_RESIZE).jpeg(SMALL_JPEG).toBuffer();
  return { small, large, width, height };
}

type ExifFacts = { gps: { lat: number; lng: number } | null; capturedAt: Date | null };

/** GPS and the original capture time from a file's EXIF; nulls when absent or unreadable. */
export async function readExif(bytes: Buffer): Promise<ExifFacts> {
  const facts: ExifFacts = { gps: null, capturedAt: null };
  try {
    const parsed: unknown = await exifr.parse(bytes, { gps: true, pick: ['DateTimeOriginal', 'CreateDate', 'latitude', 'longitude', 'GPSLatitude', 'GPSLongitude', 'GPSLatitudeRef', 'GPSLongitudeRef'] });
    if (!parsed || typeof parsed !== 'object') return facts;
    const exif = parsed as Record<string, unknown>;
    const { latitude, longitude } = exif;
    if (typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude)) {
      if (Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) facts.gps = { lat: latitude, lng: longitude };
    }
    const taken = exif.DateTimeOriginal ?? exif.CreateDate;
    if (taken instanceof Date && !Number.isNaN(taken.getTime())) facts.capturedAt = taken;
  } catch {
    // A file without readable EXIF simply has none.
  }
  return facts;
}

/**
 * The job's handler: makes and stores the thumbnails of one photo, records them, and announces them
 * (photo-thumbnails-ready): every screen that lists the photo then shows them without a reload.
 */
export function createThumbnailWorker({ db, storage, events }: { db: Db; storage: Storage; events: EventPublisher }) {
  return async function generate({ photoId, companyId, smallStored = false }: ThumbnailJob): Promise<void> {
    const photo = await findPhotoForThumbnails(db, companyId, photoId);
    if (!photo) return; // purged or never stored: nothing to do
    const smallPath = thumbnailPath(photo.filePath, 'small');
    const largePath = thumbnailPath(photo.filePath, 'large');
    const known = photo.width && photo.height ? { width: photo.width, height: photo.height } : undefined;
    // The upload stored the small size (it is only ever told so for a JPEG, PNG or WebP, whose
    // upright size it stored too): it is published before the original is decoded again.
    const largeOnly = smallStored && known !== undefined && !HEIC_TYPES.has(photo.mimeType);
    if (largeOnly) await saveSmallThumbnail(db, companyId, photoId, smallPath);
    const original = await storage.get(BUCKET, photo.filePath);
    if (!original) throw new Error(`The original of photo ${photoId} is missing at ${photo.filePath}`);
    const needsExif = photo.gpsCoordinates === null || photo.capturedAt === null;
    const [thumbs, exif] = await Promise.all([
      largeOnly && known ? makeLargeThumbnail(original.body).then((large) => ({ large, small: null, ...known })) : makeThumbnails(original.body, photo.mimeType, known),
      needsExif ? readExif(original.body) : Promise.resolve<ExifFacts>({ gps: null, capturedAt: null }),
    ]);
    // Thumbnails are derived from the original: making them again replaces them.
    const stored = { contentType: 'image/jpeg', cacheControl: THUMBNAIL_CACHE_CONTROL, upsert: true };
    await Promise.all([
      ...(thumbs.small ? [storage.put(BUCKET, smallPath, thumbs.small, stored)] : []),
      storage.put(BUCKET, largePath, thumbs.large, stored),
    ]);
    const result: ThumbnailResult = {
      thumbSmallPath: smallPath,
      thumbLargePath: largePath,
      thumbnailsAt: new Date(),
      width: thumbs.width,
      height: thumbs.height,
    };
    if (photo.gpsCoordinates === null && exif.gps) {
      result.gpsCoordinates = `${exif.gps.lat},${exif.gps.lng}`;
      result.gpsSource = 'exif';
    }
    if (photo.capturedAt === null && exif.capturedAt) {
      result.capturedAt = exif.capturedAt;
      result.capturedAtSource = 'exif';
    }
    await saveThumbnailResult(db, companyId, photoId, result);
    await events.publish('photo-thumbnails-ready', { companyId, photoId, projectId: photo.projectId, sessionId: photo.sessionId });
  };
}
