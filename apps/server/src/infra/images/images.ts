import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { isWithinPixelBudget, MAX_IMAGE_PIXELS, pixelBudgetMessage } from '@ridgeline/shared/domain/images';
import { AppError } from '../../lib/app-error';

// Every image the server reads goes through sharp here, with the pixel budget as sharp's
// limitInputPixels: libvips reads the header, refuses an input over the budget before a pixel is
// decoded, and only then decodes. Uploads read the header first and refuse an image over the budget
// (422 IMAGE_TOO_MANY_PIXELS naming it); thumbnails and the PDF renderer decode through the same
// pipeline, so an image stored before the budget existed is refused there too.

// libvips keeps the results of recent operations for reuse (50 MB by default); the server never
// reads the same image twice in a row, so that memory would be held for nothing.
sharp.cache(false);

export type ImagePipelineOptions = Omit<SharpOptions, 'limitInputPixels'>;

/** sharp over an image's bytes (or raw pixels with `raw`) that never decodes an input over the pixel budget. */
export function imagePipeline(input: Buffer | Uint8Array, options: ImagePipelineOptions = {}): Sharp {
  return sharp(input, { ...options, limitInputPixels: MAX_IMAGE_PIXELS });
}

/** Whether sharp refused an input because its header named more pixels than the budget. */
export function isOverPixelBudget(error: unknown): boolean {
  return error instanceof Error && /exceeds pixel limit/i.test(error.message);
}

/** An image's format and its size as shown (EXIF orientation applied), read from its header. */
export type ImageHeader = { format: string; width: number; height: number };

/**
 * Reads an image's header (no pixel is decoded): its format and upright size, or null when the bytes
 * hold no header sharp can read. An image over the pixel budget is refused with 422
 * IMAGE_TOO_MANY_PIXELS, naming its size when the header was read.
 */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader | null> {
  let meta: Metadata;
  try {
    meta = await imagePipeline(bytes).metadata();
  } catch (error) {
    if (isOverPixelBudget(error)) throw new AppError('IMAGE_TOO_MANY_PIXELS');
    return null;
  }
  const { width, height } = meta.autoOrient;
  if (!width || !height) return null;
  if (!isWithinPixelBudget(width, height)) throw new AppError('IMAGE_TOO_MANY_PIXELS', pixelBudgetMessage({ width, height }));
  return { format: meta.format, width, height };
}

/** The longest side the decode check draws: JPEG then decodes at 1/8 scale, yet reads every scan to the end. */
const DECODE_CHECK_SIDE = 256;

/**
 * Whether an image's pixels decode to their end (JPEG, PNG, WebP, GIF): a truncated or damaged file
 * does not. Drawn small and kept nowhere, so a 12 MP phone photo costs some tens of milliseconds.
 */
export async function decodesToTheEnd(bytes: Buffer): Promise<boolean> {
  try {
    await imagePipeline(bytes, { failOn: 'truncated' }).resize(DECODE_CHECK_SIDE, DECODE_CHECK_SIDE, { fit: 'inside' }).raw().toBuffer();
    return true;
  } catch (error) {
    if (isOverPixelBudget(error)) throw new AppError('IMAGE_TOO_MANY_PIXELS');
    return false;
  }
}

/**
 * Whether a HEIC/HEIF file (an ISO base media file: a chain of boxes, each opening with its size)
 * holds every box it announces. A file cut short ends inside its last box, usually the image data,
 * and is refused without the second of decoding a HEIC costs. Box sizes: 32 bits; 1 means a 64-bit
 * size follows the type; 0 means the box runs to the end of the file.
 */
export function heifBoxesComplete(bytes: Buffer): boolean {
  if (bytes.length < 8 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  let offset = 0;
  while (offset < bytes.length) {
    if (bytes.length - offset < 8) return false;
    let size = bytes.readUInt32BE(offset);
    if (size === 1) {
      if (bytes.length - offset < 16) return false;
      size = Number(bytes.readBigUInt64BE(offset + 8));
      if (size < 16) return false;
    } else if (size === 0) {
      return true;
    } else if (size < 8) {
      return false;
    }
    if (size > bytes.length - offset) return false;
    offset += size;
  }
  return true;
}
