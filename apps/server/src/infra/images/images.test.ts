import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from '@ridgeline/shared/domain/images';
import { AppError } from '../../lib/app-error';
import { pngBomb, tinyPng } from '../../test/images';
import { decodesToTheEnd, heifBoxesComplete, imagePipeline, isOverPixelBudget, readImageHeader } from './images';

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
    const turned = await sharp({ create: { width: 40, height: 10, channels: 3, background: '#336699' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
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
    const long = await sharp({ create: { width: 20_000, height: 8, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
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

/** An ISO base media box: 32-bit size, 4-letter type, body. */
function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

describe('whole images only', () => {
  it('decodes a JPEG or PNG to its end, and finds one cut short', async () => {
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    expect(await decodesToTheEnd(photo)).toBe(true);
    expect(await decodesToTheEnd(photo.subarray(0, Math.floor(photo.length / 2)))).toBe(false);
    expect(await decodesToTheEnd(tinyPng(30, 20))).toBe(true);
    expect(await decodesToTheEnd(Buffer.from('not an image'))).toBe(false);
  });

  it('reads a HEIF file as whole only when its last box ends at the last byte', () => {
    const ftyp = box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1'));
    const mdat = box('mdat', Buffer.alloc(1000, 7));
    const whole = Buffer.concat([ftyp, box('meta', Buffer.alloc(40)), mdat]);
    expect(heifBoxesComplete(whole)).toBe(true);
    expect(heifBoxesComplete(whole.subarray(0, whole.length - 1))).toBe(false);
    expect(heifBoxesComplete(whole.subarray(0, ftyp.length + 3))).toBe(false);
    // A box of size 0 runs to the end of the file; size 1 gives a 64-bit size after the type.
    const toTheEnd = Buffer.concat([ftyp, Buffer.from([0, 0, 0, 0]), Buffer.from('mdat', 'latin1'), Buffer.alloc(10)]);
    expect(heifBoxesComplete(toTheEnd)).toBe(true);
    const large = Buffer.alloc(16 + 4);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(large.length), 8);
    expect(heifBoxesComplete(Buffer.concat([ftyp, large]))).toBe(true);
    large.writeBigUInt64BE(BigInt(large.length + 1), 8);
    expect(heifBoxesComplete(Buffer.concat([ftyp, large]))).toBe(false);
    // Not a HEIF file at all, or a box that claims less than its own header.
    expect(heifBoxesComplete(mdat)).toBe(false);
    const broken = Buffer.concat([ftyp, Buffer.from([0, 0, 0, 4]), Buffer.from('free', 'latin1')]);
    expect(heifBoxesComplete(broken)).toBe(false);
  });
});
