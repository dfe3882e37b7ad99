import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTOS_PER_PAGE } from '@ridgeline/shared/domain/documents';
import type { PdfDocumentModel, PdfImageRef } from './model';
import { hashOf, imageReader, makeJpeg, outlineItems, pagePixels, photo, photoReport, readBack, requirePoppler } from './pdf-test-kit';
import { renderPdf } from './render';

// The PDF engine, read back with poppler: pages per layout, the order of sections and captions, the
// evidence hashes, the bookmarks, annotations drawn over the photo, missing photos, text the
// standard fonts cannot draw, and the API's event loop kept free while a big document draws.

const images = new Map<string, Buffer>();

beforeAll(async () => {
  requirePoppler();
  for (let i = 0; i < 8; i++) images.set(`photos/p${i}.jpg`, await makeJpeg(1600, 1200, [40 + i * 25, 90, 160]));
  // A plain white photo: an annotation's red shows on it.
  images.set('photos/white.jpg', await makeJpeg(1600, 1200, [255, 255, 255]));
});

const sevenPhotos = () => Array.from({ length: 7 }, (_, i) => photo(i));

describe('renderPdf', () => {
  it.each(PHOTOS_PER_PAGE.map((layout) => [layout, { 1: 7, 2: 4, 4: 2, 6: 2 }[layout]] as const))(
    'lays 7 photos at %i per page on %i pages, between the cover and the appendix',
    async (layout, photoPages) => {
      const result = await renderPdf(photoReport([{ title: 'Overview', layout, photos: sevenPhotos() }]), { readImage: imageReader(images) });
      const pdf = await readBack(result.bytes);
      try {
        const outline = outlineItems(pdf.outlineXml);
        const photosAt = outline.find((i) => i.title === 'Photos')?.page ?? NaN;
        const appendixAt = outline.find((i) => i.title === 'Evidence appendix')?.page ?? NaN;
        expect(appendixAt - photosAt).toBe(photoPages);
        expect(result.pageCount).toBe(1 + photoPages + 1);
        expect(pdf.pages).toBe(result.pageCount);
        // The footer on every page.
        for (let page = 1; page <= pdf.pages; page++) expect(pdf.text).toContain(`Photo report · page ${page} of ${pdf.pages}`);
      } finally {
        await pdf.cleanup();
      }
    },
  );

  it('prints sections and captions in order, every photo hash in the appendix, the override reason, and nests the section bookmarks', async () => {
    const titles = ['Overview', 'Front elevation', 'Right elevation', 'Roof: slope 1'];
    const sections = titles.map((title, s) => ({ title, layout: 2 as const, photos: [photo(s * 2), photo(s * 2 + 1)] }));
    const progress: number[] = [];
    const result = await renderPdf(photoReport(sections, { overrideReason: 'The rear slope was too steep to walk safely.' }), {
      readImage: imageReader(images),
      onProgress: (p) => progress.push(p),
    });
    const pdf = await readBack(result.bytes);
    try {
      const text = pdf.text.replace(/\s+/g, ' ');
      expect(text).toContain('Made with required photos missing. Reason: The rear slope was too steep to walk safely.');
      const sectionAt = titles.map((title) => text.indexOf(`${title} Caption`));
      expect(sectionAt.every((at) => at > 0)).toBe(true);
      expect([...sectionAt].sort((a, b) => a - b)).toEqual(sectionAt);
      const appendix = text.indexOf('Evidence appendix');
      const captionAt = Array.from({ length: 8 }, (_, i) => text.indexOf(`Caption number ${i}`));
      expect(captionAt.every((at) => at > 0 && at < appendix)).toBe(true);
      expect([...captionAt].sort((a, b) => a - b)).toEqual(captionAt);
      for (let i = 0; i < 8; i++) expect(text.slice(appendix)).toContain(hashOf(i));

      expect(outlineItems(pdf.outlineXml)).toEqual([
        { depth: 1, title: 'Cover', page: 1 },
        { depth: 1, title: 'Photos', page: 2 },
        { depth: 2, title: 'Overview', page: 2 },
        { depth: 2, title: 'Front elevation', page: 3 },
        { depth: 2, title: 'Right elevation', page: 4 },
        { depth: 2, title: 'Roof: slope 1', page: 5 },
        { depth: 1, title: 'Evidence appendix', page: 6 },
      ]);
      expect(progress.at(-1)).toBe(100);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    } finally {
      await pdf.cleanup();
    }
  });

  it('draws tables with their bold footer and repeated header, a letter, and a proposal with the chosen option and signature lines', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => [`Line item ${i}`, '2 SQ', `$${i}.00`]);
    const model: PdfDocumentModel = {
      title: 'Claim packet',
      author: 'Acme Roofing',
      sections: [
        { bookmark: 'Cover letter', part: { kind: 'letter', body: 'Dear adjuster,\n\nPlease find the claim packet enclosed.\n\nRegards,\nPat' } },
        {
          bookmark: 'Estimate',
          part: {
            kind: 'tables',
            tables: [{ title: 'Estimate', columns: [{ label: 'Item', width: 0.6 }, { label: 'Quantity' }, { label: 'Total', align: 'right' }], rows, footer: [['Grand total', '', '$4,005.00']] }],
            notes: ['Prices include tear-off.'],
          },
        },
        {
          bookmark: 'Proposal',
          part: {
            kind: 'proposal',
            intro: 'Three ways to restore your roof.',
            options: [
              { label: 'Good', productLine: 'Standard 3-tab', price: '$9,000.00', warranty: '10 years', terms: 'Due on completion', chosen: false },
              { label: 'Better', productLine: 'Architectural', price: '$11,000.00', warranty: '25 years', terms: 'Due on completion', chosen: true },
            ],
            signature: null,
          },
        },
      ],
    };
    const result = await renderPdf(model, { readImage: imageReader(images) });
    const pdf = await readBack(result.bytes);
    try {
      expect(pdf.text).toContain('Please find the claim packet enclosed.');
      expect(pdf.text).toMatch(/Grand total\s+\$4,005\.00/);
      // The table ran over more than one page and its header came back on the next.
      expect(pdf.text.match(/Item\s+Quantity\s+Total/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
      expect(pdf.text.indexOf('Line item 89')).toBeLessThan(pdf.text.indexOf('Grand total'));
      expect(pdf.text).toContain('Prices include tear-off.');
      expect(pdf.text).toContain('Chosen by the homeowner');
      expect(pdf.text.indexOf('Better')).toBeLessThan(pdf.text.indexOf('Chosen by the homeowner'));
      expect(outlineItems(pdf.outlineXml).map((i) => i.title)).toEqual(['Cover letter', 'Estimate', 'Proposal']);
    } finally {
      await pdf.cleanup();
    }
  });

  it('prints "Photo not available" for a missing or unreadable photo, converts a WebP, and draws text the standard fonts lack without failing', async () => {
    const webp = await (await import('sharp')).default({ create: { width: 800, height: 600, channels: 3, background: '#22aa55' } }).webp().toBuffer();
    const local = new Map(images);
    local.set('photos/garbage.jpg', Buffer.from('this is not an image at all'));
    local.set('photos/photo.webp', webp);
    const photos = [
      photo(0, { caption: 'Hail 😀🏠 on the ridge — 2″ ≤ 3″ “quoted” Łódź ő 中文' }),
      photo(1, { path: 'photos/absent.jpg', caption: 'Missing one' }),
      photo(2, { path: 'photos/garbage.jpg', caption: 'Broken one' }),
      photo(3, { path: 'photos/photo.webp', caption: 'WebP one' }),
    ];
    const result = await renderPdf(photoReport([{ title: 'Other 👍', layout: 4, photos }]), { readImage: imageReader(local) });
    const pdf = await readBack(result.bytes);
    try {
      const text = pdf.text.replace(/\s+/g, ' ');
      expect(text).toContain('Hail ?? on the ridge — 2" <= 3" “quoted”');
      expect(text).toContain('Lódz o ??');
      expect(pdf.text.match(/Photo not available/g)?.length).toBe(2);
      expect(pdf.text).toContain('Other ?');
    } finally {
      await pdf.cleanup();
    }
  });

  it('draws an annotation as vectors over the photo: a red arrow shows where it was drawn, and not when annotations are hidden', async () => {
    const annotation = { version: 1 as const, shapes: [{ type: 'arrow' as const, id: 's1', x1: 0.1, y1: 0.5, x2: 0.9, y2: 0.5, color: '#ef4444' as const, width: 0.02 }] };
    const section = (show: boolean) => photoReport([{ title: 'Overview', layout: 1, photos: [photo(0, { path: 'photos/white.jpg', annotation })] }], { showAnnotations: show });
    const redPixels = async (show: boolean) => {
      const pdf = await readBack((await renderPdf(section(show), { readImage: imageReader(images) })).bytes);
      try {
        const { data, width, height } = await pagePixels(pdf.file, pdf.dir, 2, 30);
        let red = 0;
        let rows = new Set<number>();
        for (let i = 0; i < width * height; i++) {
          const [r, g, b] = [data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0];
          if (r > 180 && g < 120 && b < 120) {
            red++;
            rows = rows.add(Math.floor(i / width));
          }
        }
        return { red, rows: [...rows], height };
      } finally {
        await pdf.cleanup();
      }
    };
    const shown = await redPixels(true);
    const hidden = await redPixels(false);
    expect(hidden.red).toBe(0);
    expect(shown.red).toBeGreaterThan(20);
    // A horizontal arrow: its red lies in a narrow band of rows.
    expect(Math.max(...shown.rows) - Math.min(...shown.rows)).toBeLessThan(shown.height / 10);
  });

  it('keeps the event loop free and reads only a few images ahead while a 40-photo document draws', async () => {
    const photos = Array.from({ length: 40 }, (_, i) => photo(i % 8, { caption: `Photo ${i}` }));
    const calls: PdfImageRef[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const read = imageReader(images, calls);
    let maxLag = 0;
    let last = performance.now();
    // The lag is the longest gap between ticks, counting the last one up to the end of the render
    // (drawn on the main thread, the 40 photos block it for a quarter of a second or more).
    const tick = () => {
      const now = performance.now();
      maxLag = Math.max(maxLag, now - last - 1);
      last = now;
    };
    const timer = setInterval(tick, 1);
    try {
      const result = await renderPdf(photoReport([{ title: 'Overview', layout: 1, photos }]), {
        readImage: async (ref) => {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          try {
            return await read(ref);
          } finally {
            inFlight--;
          }
        },
      });
      // The cover, one page per photo, and the appendix (two pages for 40 rows).
      expect(result.pageCount).toBe(43);
    } finally {
      tick();
      clearInterval(timer);
    }
    expect(calls).toHaveLength(40);
    expect(maxInFlight).toBeLessThanOrEqual(5);
    console.log(`event loop: max lag ${maxLag.toFixed(1)} ms while 40 photos were drawn`);
    expect(maxLag).toBeLessThan(100);
  });
});
