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
