import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Annotation } from '@ridgeline/shared/contracts/photos';
import type { PhotosPerPage } from '@ridgeline/shared/domain/documents';
import type { PdfDocumentModel, PdfImageRef, PdfPhoto, PdfRenderOptions } from './model';

// What the engine's tests share: real JPEGs made with sharp, models of documents, and the PDF read
// back with poppler (pdfinfo, pdftotext, pdftohtml, pdftoppm).

const run = promisify(execFile);

/** Fails with words saying what to install when poppler is missing. */
export function requirePoppler(): void {
  try {
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'poppler-utils is not installed (pdfinfo, pdftotext, pdftohtml, pdftoppm): the PDF tests read the documents back with it. Install it: apt-get install poppler-utils',
    );
  }
}

/** A JPEG of the given size in one colour with a darker band, so each photo differs. */
export async function makeJpeg(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  const band = await sharp({
    create: { width, height: Math.max(1, Math.round(height / 5)), channels: 3, background: { r: rgb[0] / 2, g: rgb[1] / 2, b: rgb[2] / 2 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .composite([{ input: band, top: Math.round(height / 3), left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

export const hashOf = (i: number) => i.toString(16).padStart(2, '0').repeat(32);

export function photo(i: number, options: { caption?: string; annotation?: Annotation | null; path?: string; number?: number | null } = {}): PdfPhoto {
  return {
    id: `photo-${i}`,
    image: { bucket: 'project-files', path: options.path ?? `photos/p${i}.jpg` },
    width: 1600,
    height: 1200,
    caption: options.caption ?? `Caption number ${i}`,
    categoryLabel: 'Roof · Slope 1',
    capturedAt: '2026-05-02 14:31',
    gps: '32.77000, -96.79000',
    annotation: options.annotation ?? null,
    number: options.number === undefined ? i + 1 : options.number,
  };
}

/** A photo report: cover, one photo part with the given sections, the evidence appendix. */
export function photoReport(
  sections: { title: string; layout: PhotosPerPage; photos: PdfPhoto[] }[],
  extra: Partial<{ overrideReason: string; showAnnotations: boolean; logo: PdfImageRef }> = {},
): PdfDocumentModel {
  const all = sections.flatMap((s) => s.photos);
  return {
    title: 'Photo report',
    author: 'Acme Roofing',
    sections: [
      {
        bookmark: 'Cover',
        part: {
          kind: 'cover',
          cover: {
            title: 'Photo report',
            companyName: 'Acme Roofing',
            companyAddress: '1 Main St, Dallas TX',
            companyPhone: '214-555-0100',
            logo: extra.logo ?? null,
            facts: [
              { label: 'Property', value: '12 Elm St' },
              { label: 'Claim number', value: 'CLM-1' },
            ],
            overrideReason: extra.overrideReason ?? null,
          },
        },
      },
      {
        bookmark: 'Photos',
        part: { kind: 'photos', showAnnotations: extra.showAnnotations ?? true, showMetadata: true, sections: sections.map((s) => ({ ...s, note: '' })) },
      },
      {
        bookmark: 'Evidence appendix',
        part: {
          kind: 'evidence',
          intro: 'Each photo as received by the server.',
          rows: all.map((p, i) => ({
            label: p.caption,
            fileName: `IMG_${i}.jpg`,
            sha256: hashOf(i),
            capturedAt: '2026-05-02 14:31',
            receivedAt: '2026-05-02 14:40',
            uploader: 'Pat Field',
          })),
        },
      },
    ],
  };
}

/** A readImage over a fixed set of images; each call answers a fresh Buffer (as storage does). */
export function imageReader(images: Map<string, Buffer>, calls: PdfImageRef[] = []): PdfRenderOptions['readImage'] {
  return async (ref) => {
    calls.push(ref);
    const bytes = images.get(ref.path);
    return bytes ? Buffer.from(bytes) : null;
  };
}

/** The PDF written to a temporary directory, read back with poppler. */
export async function readBack(
  bytes: Buffer,
): Promise<{ pages: number; text: string; outlineXml: string; dir: string; file: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'ridgeline-pdf-'));
  const file = join(dir, 'doc.pdf');
  await writeFile(file, bytes);
  const info = await run('pdfinfo', [file]);
  const pages = Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1] ?? 'NaN');
  const text = (await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  const xml = (await run('pdftohtml', ['-xml', '-stdout', '-i', file], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  const outlineXml = /<outline>[\s\S]*<\/outline>/.exec(xml)?.[0] ?? '';
  return { pages, text, outlineXml, dir, file, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The outline's items as `{ depth, title, page }`, in order. */
export function outlineItems(outlineXml: string): { depth: number; title: string; page: number }[] {
  const items: { depth: number; title: string; page: number }[] = [];
  let depth = 0;
  for (const match of outlineXml.matchAll(/<(\/?)outline>|<item page="(\d+)">([^<]*)<\/item>/g)) {
    if (match[0] === '<outline>') depth += 1;
    else if (match[0] === '</outline>') depth -= 1;
    else items.push({ depth, title: match[3] ?? '', page: Number(match[2]) });
  }
  return items;
}

/** A page rendered to PNG at `dpi` with pdftoppm, as raw RGB pixels. */
export async function pagePixels(file: string, dir: string, page: number, dpi = 20): Promise<{ data: Buffer; width: number; height: number }> {
  const prefix = join(dir, `page-${page}`);
  await run('pdftoppm', ['-r', String(dpi), '-png', '-f', String(page), '-l', String(page), file, prefix]);
  const name = (await readdir(dir)).find((f) => f.startsWith(`page-${page}`) && f.endsWith('.png'));
  if (!name) throw new Error(`pdftoppm wrote no image of page ${page}`);
  const { data, info } = await sharp(await readFile(join(dir, name)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The images embedded in a PDF as `pdfimages -list` reports them: size and encoding (jpeg, image for Flate), with or without a soft mask. */
export async function embeddedImages(file: string): Promise<{ width: number; height: number; encoding: string; type: string }[]> {
  const { stdout } = await run('pdfimages', ['-list', file]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      return { type: cells[2] ?? '', width: Number(cells[3]), height: Number(cells[4]), encoding: cells[8] ?? '' };
    });
}

/** The text of one page (pdftotext -layout), whitespace runs as one space. */
export async function pageText(file: string, page: number): Promise<string> {
  const { stdout } = await run('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-'], { maxBuffer: 16 * 1024 * 1024 });
  return stdout.replace(/\s+/g, ' ');
}

/** Every run of text with its page and font size in points (pdftohtml -xml at zoom 1). */
export async function textRuns(file: string): Promise<{ page: number; size: number; text: string }[]> {
  const { stdout } = await run('pdftohtml', ['-xml', '-stdout', '-i', '-zoom', '1', file], { maxBuffer: 64 * 1024 * 1024 });
  const sizes = new Map<string, number>();
  const runs: { page: number; size: number; text: string }[] = [];
  let page = 0;
  for (const match of stdout.matchAll(/<page number="(\d+)"|<fontspec id="(\d+)" size="([\d.]+)"|<text [^>]*font="(\d+)"[^>]*>(.*?)<\/text>/g)) {
    if (match[1]) page = Number(match[1]);
    else if (match[2]) sizes.set(match[2], Number(match[3]));
    else if (match[4])
      runs.push({
        page,
        size: sizes.get(match[4]) ?? NaN,
        text: (match[5] ?? '')
          .replace(/<[^>]+>/g, '')
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'"),
      });
  }
  return runs;
}

/** The images `pdfimages -list` finds on one page. */
export async function imagesOnPage(file: string, page: number): Promise<number> {
  const { stdout } = await run('pdfimages', ['-list', '-f', String(page), '-l', String(page), file]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '').length;
}
