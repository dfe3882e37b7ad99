import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '@ridgeline/shared/domain/images';
import { AppError } from '../../lib/app-error';
import { pngBomb, tinyPng } from '../../test/images';
import { imagePipeline, isOverPixelBudget, readImageHeader } from './images';

// The pixel budget where sharp reads images: the header read refuses an image over it with 422
// naming the limit, and the pipeline itself refuses to decode one (not only the upload routes).

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('the pixel budget', () => {
  it('is 8192 x 8192 pixels and 16,384 a side: a 50 MP phone photo and a 16,384-pixel panorama fit', () => {
    expect(MAX_IMAGE_PIXELS).toBe(67_108_864);
    expect(MAX_IMAGE_SIDE).toBe(16_384);
    expect(8160 * 6120).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
    expect(9248 * 6936).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
  });

  it('reads the format and upright size from the header, null when there is none', async () => {
    expect(await readImageHeader(tinyPng(30, 20))).toEqual({ format: 'png', width: 30, height: 20 });
    const turned = await sharp({ create: { width: 40, height: 10, channels: 3, background: '#336699' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect(await readImageHeader(turned)).toEqual({ format: 'jpeg', width: 10, height: 40 });
    expect(await readImageHeader(Buffer.from('no image here at all'))).toBeNull();
  });

  it('accepts an image of exactly the budget', async () => {
    expect(await readImageHeader(await pngBomb(8192, 8192))).toEqual({ format: 'png', width: 8192, height: 8192 });
  });

  it('refuses the 12000 x 12000 and 16000 x 16000 bombs with 422 IMAGE_TOO_MANY_PIXELS naming the limit', async () => {
    for (const bomb of [await pngBomb(12_000, 12_000, 4), await pngBomb(16_000, 16_000)]) {
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const error = await refusal(readImageHeader(bomb));
      expect(error.code).toBe('IMAGE_TOO_MANY_PIXELS');
      expect(error.status).toBe(422);
      expect(error.message).toBe('This image is too large. Images can be up to 67 megapixels (8192 x 8192) and 16,384 pixels on a side.');
    }
  });

  it('refuses an image longer than 16,384 pixels on a side, naming its size', async () => {
    const long = await sharp({ create: { width: 20_000, height: 8, channels: 3, background: '#000000' } }).png().toBuffer();
    const error = await refusal(readImageHeader(long));
    expect(error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(error.message).toBe('This image is too large (20,000 x 8 pixels). Images can be up to 67 megapixels (8192 x 8192) and 16,384 pixels on a side.');
  });

  it('never decodes an input over the budget: the pipeline itself refuses it before a pixel is read', async () => {
    const bomb = await pngBomb(16_000, 16_000);
    const error: unknown = await imagePipeline(bomb)
      .resize(100, 100, { fit: 'inside' })
      .jpeg()
      .toBuffer()
      .then(
        () => null,
        (reason: unknown) => reason,
      );
    expect(isOverPixelBudget(error)).toBe(true);
    // The same pipeline decodes an image within the budget.
    const small = await imagePipeline(tinyPng(30, 20)).resize(10, 10, { fit: 'inside' }).jpeg().toBuffer();
    expect((await sharp(small).metadata()).width).toBe(10);
  });
});
