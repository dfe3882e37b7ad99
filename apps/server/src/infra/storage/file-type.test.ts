import { describe, expect, it } from 'vitest';
import { tinyGif, tinyPng } from '../../test/images';
import { acceptFileType, detectFileType, IMAGE_TYPES } from './file-type';

describe('file type from bytes', () => {
  it('detects PNG and GIF from their bytes', async () => {
    expect(await detectFileType(tinyPng())).toEqual({ mime: 'image/png', ext: 'png' });
    expect(await detectFileType(tinyGif())).toEqual({ mime: 'image/gif', ext: 'gif' });
  });

  it('answers null for text and empty input', async () => {
    expect(await detectFileType(Buffer.from('just text'))).toBeNull();
    expect(await detectFileType(new Uint8Array())).toBeNull();
  });

  it('accepts only the allowed types', async () => {
    expect(await acceptFileType(tinyPng(), IMAGE_TYPES)).toMatchObject({ mime: 'image/png' });
    expect(await acceptFileType(tinyPng(), ['image/jpeg'])).toBeNull();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    expect(await acceptFileType(pdf, IMAGE_TYPES)).toBeNull();
  });
});
