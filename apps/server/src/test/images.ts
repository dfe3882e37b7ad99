import { once } from 'node:events';
import { constants, createDeflate, deflateSync } from 'node:zlib';

// Real image bytes built in the test, so uploads exercise the type check from bytes.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of the given size, filled with one colour. */
export function tinyPng(width = 2, height = 2, rgb: [number, number, number] = [200, 40, 40]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal GIF89a header plus one pixel. */
export function tinyGif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const bombs = new Map<string, Promise<Buffer>>();

/**
 * A real PNG of one colour that is small on the wire and huge once decoded (a decompression bomb):
 * RGB or RGBA, 8 bits, its rows streamed through deflate (run-length, level 9) so its pixels are never
 * held in memory. 12000 x 12000 RGBA is about 0.58 MB, 16000 x 16000 RGB about 0.77 MB. Made once per size.
 */
export function pngBomb(width: number, height: number, channels: 3 | 4 = 3): Promise<Buffer> {
  const key = `${width}x${height}x${channels}`;
  let made = bombs.get(key);
  if (!made) {
    made = makePngBomb(width, height, channels);
    bombs.set(key, made);
  }
  return made;
}

async function makePngBomb(width: number, height: number, channels: 3 | 4): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(channels === 4 ? 6 : 2, 9); // colour type: RGBA or RGB
  // Each row: filter byte 0, then the pixels (light grey, opaque).
  const row = Buffer.alloc(1 + width * channels, 0xee);
  row[0] = 0;
  const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = once(deflate, 'end');
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A corrupt 349-byte PNG logo: a sound header (300 x 120, RGBA, so its size reads) and pixel data
 * that is not a zlib stream anyone can unpack (its first block has the reserved type).
 */
export function corruptPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(300, 0);
  header.writeUInt32BE(120, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type: RGBA
  const data = Buffer.alloc(292, 0xa5);
  data[0] = 0x78; // zlib header
  data[1] = 0x9c;
  data[2] = 0x07; // final block of the reserved type 3
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]);
}
