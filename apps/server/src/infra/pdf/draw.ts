import PDFDocument from 'pdfkit';
import { annotationToSvg } from '@ridgeline/shared/domain/annotation';
import type { Annotation } from '@ridgeline/shared/contracts/photos';
import { DEFAULT_PHOTOS_PER_PAGE, PHOTOS_PER_PAGE, type PhotosPerPage } from '@ridgeline/shared/domain/documents';
import { MAX_IMAGE_MEGAPIXELS } from '@ridgeline/shared/domain/images';
import { PAGE_GRID, paginatePhotos, type PageRow } from '@ridgeline/shared/domain/report-layout';
import type {
  PdfCover,
  PdfDocumentModel,
  PdfEvidenceRow,
  PdfImageKind,
  PdfImageRef,
  PdfImageSlot,
  PdfLetterhead,
  PdfPart,
  PdfPhoto,
  PdfPhotoSection,
  PdfProposalOption,
  PdfDrawn,
  PdfSignature,
  PdfTable,
  PrintedImage,
} from './model';
import { toWinAnsi } from './winansi';

// Draws a document model with pdfkit: Letter pages, half-inch margins, the standard fonts (nothing to
// embed), a footer "<title> · page N of M" on every page and a bookmark per part (photo sections as
// its children). pdfkit never sees a stored original: it gets JPEGs (PNG for a signature) that sharp
// made at the size they are drawn, embedded as they are (never decoded). An image that cannot be
// printed leaves a grey box with a short note instead of failing the document. It runs inside the
// render worker, off the API's event loop.

/** Answers an image ready to draw, or why there is none. */
export type ImageSource = (ref: PdfImageRef) => Promise<PrintedImage>;

type Doc = PDFKit.PDFDocument;
type Box = { x: number; y: number; width: number; height: number };

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 36;
/** Room kept under the content for the footer. */
const FOOTER_ROOM = 16;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_TOP = MARGIN;
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN - FOOTER_ROOM;

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const OBLIQUE = 'Helvetica-Oblique';
const MONO = 'Courier';
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const GAP = 10;

/** The words printed in the grey box of an image that cannot be drawn, and the notes saying why. */
export const MISSING_PHOTO_TEXT = 'Photo not available';
export const MISSING_IMAGE_TEXT: Record<PdfImageKind, string> = { logo: 'Logo not available', photo: MISSING_PHOTO_TEXT, signature: 'Signature not available' };
export const UNREADABLE_IMAGE_NOTE = 'The image could not be read.';
export const OVER_BUDGET_IMAGE_NOTE = `Too large to print (over ${MAX_IMAGE_MEGAPIXELS} megapixels).`;
export const CHOSEN_OPTION_TEXT = 'Chosen by the homeowner';
export const OVERRIDE_PREFIX = 'Made with required photos missing. Reason: ';

export const SIGNED_BY_HOMEOWNER_TEXT = 'Signed by the homeowner';

/** The boxes the logo, the letterhead's logo, the cover's photo and a drawn signature are fitted into, in points. */
const LOGO_BOX = { width: 180, height: 70 } as const;
const LETTERHEAD_LOGO_BOX = { width: 150, height: 60 } as const;
const COVER_PHOTO_BOX = { width: CONTENT_WIDTH, height: 230 } as const;
const SIGNATURE_BOX = { width: 220, height: 70 } as const;
/** A proposal's photos: two a row, each cell (photo and caption) this size. */
const PROPOSAL_PHOTO_CELL = { width: (CONTENT_WIDTH - GAP) / 2, height: 220 } as const;

/** A photo's number is drawn at its right edge, but never nearer its left edge than this (points). */
const NUMBER_MIN_OFFSET = 200;

/** Captions under photos are never smaller than this (points): readable on paper. */
export const CAPTION_SIZE = 9;

const t = toWinAnsi;

/**
 * Draws the model, handing the PDF's bytes to `write` as pdfkit produces them (each image goes out
 * once it is drawn; nothing keeps the whole file), and answers the page count. `onStep` is told each
 * drawn unit (a photo, a part) of `totalSteps(model)`.
 */
export async function drawDocument(
  model: PdfDocumentModel,
  images: ImageSource,
  write: (chunk: Buffer) => void,
  onStep: (done: number, total: number) => void = () => {},
): Promise<PdfDrawn> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: PAGE_HEIGHT - CONTENT_BOTTOM },
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: t(model.title), Author: t(model.author), Creator: 'Ridgeline' },
  });
  doc.on('data', write);
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const total = totalSteps(model);
  let done = 0;
  const step = () => {
    done += 1;
    onStep(done, total);
  };
  const ctx: Ctx = { doc, images, step };

  for (const section of model.sections) {
    doc.addPage();
    const bookmark = doc.outline.addItem(t(section.bookmark));
    await drawPart(ctx, section.part, bookmark);
    if (section.part.kind !== 'photos') step();
  }
  if (doc.bufferedPageRange().count === 0) doc.addPage();

  const range = doc.bufferedPageRange();
  const pageCount = range.count;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    footer(doc, `${model.title} · page ${i + 1} of ${pageCount}`);
  }
  doc.flushPages();
  doc.end();
  await ended;
  return { pageCount };
}

/** How many units the progress counts: each photo, and each part that is not photos. */
export function totalSteps(model: PdfDocumentModel): number {
  return model.sections.reduce((sum, s) => sum + (s.part.kind === 'photos' ? s.part.sections.reduce((n, ps) => n + ps.photos.length, 0) : 1), 0);
}

/**
 * The stored images the document draws, in the order it draws them (for the reader to fetch ahead),
 * each with the most room it can take on the page: the image is made at that size, never larger.
 */
export function imagesInDrawOrder(model: PdfDocumentModel): PdfImageSlot[] {
  const slots: PdfImageSlot[] = [];
  const letterhead = (value: PdfLetterhead | null | undefined) => {
    if (value?.logo) slots.push({ ref: value.logo, kind: 'logo', ...LETTERHEAD_LOGO_BOX });
  };
  for (const { part } of model.sections) {
    if (part.kind === 'cover') {
      if (part.cover.logo) slots.push({ ref: part.cover.logo, kind: 'logo', ...LOGO_BOX });
      if (part.cover.photo) slots.push({ ref: part.cover.photo.image, kind: 'photo', ...COVER_PHOTO_BOX });
    }
    if (part.kind === 'letter') letterhead(part.letterhead);
    if (part.kind === 'photos') {
      for (const s of part.sections) for (const p of s.photos) slots.push({ ref: p.image, kind: 'photo', ...photoCellSize(s.layout) });
    }
    if (part.kind === 'proposal') {
      letterhead(part.letterhead);
      for (const p of part.photos ?? []) slots.push({ ref: p.image, kind: 'photo', ...PROPOSAL_PHOTO_CELL });
      if (part.signature) slots.push({ ref: part.signature.image, kind: 'signature', ...SIGNATURE_BOX });
    }
  }
  return slots;
}

type Ctx = { doc: Doc; images: ImageSource; step: () => void };
type Outline = ReturnType<Doc['outline']['addItem']>;

async function drawPart(ctx: Ctx, part: PdfPart, bookmark: Outline): Promise<void> {
  switch (part.kind) {
    case 'cover':
      return drawCover(ctx, part.cover);
    case 'letter':
      return drawLetter(ctx, part.body, part.letterhead ?? null);
    case 'photos':
      return drawPhotos(ctx, part.sections, part.showAnnotations, part.showMetadata, bookmark);
    case 'evidence':
      return drawEvidence(ctx.doc, part.intro, part.rows);
    case 'tables':
      return drawTables(ctx.doc, part.tables, part.notes);
    case 'proposal':
      return drawProposal(ctx, part);
  }
}

// ------------------------------------------------------------------------------------------ helpers

/** Text at a fixed place that never starts a page of its own (the bottom margin is lifted while it draws). */
function textAt(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.text(text, x, y, options);
  doc.page.margins.bottom = bottom;
}

function footer(doc: Doc, text: string): void {
  doc.font(FONT).fontSize(8).fillColor(MUTED);
  textAt(doc, t(text), MARGIN, PAGE_HEIGHT - MARGIN - 8, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
}

/** Starts a new page when `height` does not fit under the cursor; answers whether it did. */
function ensureRoom(doc: Doc, height: number): boolean {
  if (doc.y + height <= CONTENT_BOTTOM || doc.y <= CONTENT_TOP + 1) return false;
  doc.addPage();
  doc.y = CONTENT_TOP;
  return true;
}

function heading(doc: Doc, text: string, size = 18): void {
  doc.font(BOLD).fontSize(size).fillColor(INK).text(t(text), MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
}

function paragraphs(doc: Doc, body: string, size = 11): void {
  const parts = body.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  doc.font(FONT).fontSize(size).fillColor(INK);
  for (const paragraph of parts) {
    if (paragraph.trim() === '') continue;
    doc.text(t(paragraph.trim()), MARGIN, doc.y, { width: CONTENT_WIDTH, paragraphGap: 0, lineGap: 2 });
    doc.moveDown(0.8);
  }
}

function isJpegOrPng(bytes: Buffer): boolean {
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return jpeg || png;
}

/** An image pdfkit has parsed (its types do not list openImage). */
type OpenedImage = { width: number; height: number };
type ImageOpener = { openImage(src: Buffer): OpenedImage; image(src: OpenedImage, x: number, y: number, options: { width: number; height: number }): unknown };

/** An image ready to place, or why there is none (`note` null: nothing is stored to print). */
type Opened = { image: OpenedImage; note: null } | { image: null; note: string | null };

/** Draws an opened image into a box (already fitted to its aspect ratio). */
function placeImage(doc: Doc, image: OpenedImage, box: Box): void {
  (doc as unknown as ImageOpener).image(image, box.x, box.y, { width: box.width, height: box.height });
}

/** Opens an image for drawing: the bytes made for it, parsed by pdfkit, or why it cannot be drawn. */
async function openImage(ctx: Ctx, ref: PdfImageRef): Promise<Opened> {
  let printed: PrintedImage;
  try {
    printed = await ctx.images(ref);
  } catch {
    return { image: null, note: null };
  }
  if (!printed.bytes) return { image: null, note: printed.note };
  if (!isJpegOrPng(printed.bytes)) return { image: null, note: UNREADABLE_IMAGE_NOTE };
  try {
    return { image: (ctx.doc as unknown as ImageOpener).openImage(printed.bytes), note: null };
  } catch {
    return { image: null, note: UNREADABLE_IMAGE_NOTE };
  }
}

/** Fits an image of `w` x `h` into `box` keeping its aspect ratio, centred horizontally, at the top. */
function fit(w: number, h: number, box: Box): Box {
  const scale = Math.min(box.width / w, box.height / h);
  const width = w * scale;
  const height = h * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y, width, height };
}

/** The grey box of an image that cannot be drawn: what is missing, and under it the note saying why. */
function missingBox(doc: Doc, box: Box, kind: PdfImageKind, note: string | null): void {
  doc.save().rect(box.x, box.y, box.width, box.height).fill('#e5e7eb').restore();
  doc.font(FONT).fontSize(10).fillColor(MUTED);
  const noteHeight = note ? doc.fontSize(8).heightOfString(t(note), { width: box.width - 8 }) : 0;
  const top = box.y + box.height / 2 - (10 + noteHeight) / 2;
  doc.fontSize(10);
  textAt(doc, MISSING_IMAGE_TEXT[kind], box.x, top, { width: box.width, align: 'center', lineBreak: false });
  if (note) {
    doc.fontSize(8);
    textAt(doc, t(note), box.x + 4, top + 12, { width: box.width - 8, align: 'center', height: Math.max(box.height - 14, 10), ellipsis: true });
  }
}

// ------------------------------------------------------------------------------------------ cover

/** Label and value rows; a fact with no value is left out (nothing stands in for it). Answers nothing; the cursor moves under them. */
function factRows(doc: Doc, facts: readonly { label: string; value: string }[], size: number, labelWidth: number): void {
  for (const fact of facts) {
    if (!fact.value.trim()) continue;
    const value = t(fact.value.trim());
    doc.font(FONT).fontSize(size);
    const height = Math.max(doc.heightOfString(value, { width: CONTENT_WIDTH - labelWidth }), size + 3);
    ensureRoom(doc, height + 5);
    const rowY = doc.y;
    doc
      .font(BOLD)
      .fontSize(size)
      .fillColor(MUTED)
      .text(t(fact.label), MARGIN, rowY, { width: labelWidth - 10 });
    doc
      .font(FONT)
      .fontSize(size)
      .fillColor(INK)
      .text(value, MARGIN + labelWidth, rowY, { width: CONTENT_WIDTH - labelWidth });
    doc.y = rowY + height + 5;
  }
}

async function drawCover(ctx: Ctx, cover: PdfCover): Promise<void> {
  const { doc } = ctx;
  let y = CONTENT_TOP;
  if (cover.logo) {
    // A logo that is not stored is left out; one that cannot be printed leaves its grey box.
    const logo = await openImage(ctx, cover.logo);
    if (logo.image) {
      const placed = fit(logo.image.width, logo.image.height, { x: MARGIN, y, ...LOGO_BOX });
      placeImage(doc, logo.image, { ...placed, x: MARGIN });
      y += placed.height + 8;
    } else if (logo.note) {
      missingBox(doc, { x: MARGIN, y, ...LOGO_BOX }, 'logo', logo.note);
      y += LOGO_BOX.height + 8;
    }
  }
  doc.font(BOLD).fontSize(14).fillColor(INK).text(t(cover.companyName), MARGIN, y, { width: CONTENT_WIDTH });
  doc.font(FONT).fontSize(10).fillColor(MUTED);
  if (cover.companyAddress) doc.text(t(cover.companyAddress), { width: CONTENT_WIDTH });
  if (cover.companyPhone) doc.text(t(cover.companyPhone), { width: CONTENT_WIDTH });

  doc.y += cover.photo ? 24 : 60;
  doc.font(BOLD).fontSize(26).fillColor(INK).text(t(cover.title), MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.6);
  doc
    .save()
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + CONTENT_WIDTH, doc.y)
    .lineWidth(1)
    .stroke(RULE)
    .restore();
  doc.y += 12;

  if (cover.photo) {
    // The front of the house, as large as the page allows above the facts, with its number and name.
    const top = doc.y;
    const box = { x: MARGIN, y: top, ...COVER_PHOTO_BOX };
    const { image, note } = await openImage(ctx, cover.photo.image);
    let drawn: Box;
    if (image) {
      drawn = fit(image.width, image.height, box);
      placeImage(doc, image, drawn);
    } else {
      const ratio = cover.photo.width && cover.photo.height ? cover.photo.width / cover.photo.height : 4 / 3;
      drawn = fit(ratio * 1000, 1000, box);
      missingBox(doc, drawn, 'photo', note);
    }
    const label = [cover.photo.number !== null ? `Photo ${cover.photo.number}` : null, cover.photo.caption.trim() || cover.photo.categoryLabel]
      .filter(Boolean)
      .join(' · ');
    doc.font(FONT).fontSize(CAPTION_SIZE).fillColor(MUTED);
    textAt(doc, t(label), drawn.x, drawn.y + drawn.height + 3, { width: drawn.width, align: 'center', lineBreak: false, ellipsis: true });
    doc.y = drawn.y + drawn.height + 3 + CAPTION_SIZE + 10;
  }

  factRows(doc, cover.facts, 11, 150);

  if (cover.overrideReason) {
    const text = t(OVERRIDE_PREFIX + cover.overrideReason);
    doc.font(BOLD).fontSize(11);
    const pad = 10;
    const height = doc.heightOfString(text, { width: CONTENT_WIDTH - 2 * pad }) + 2 * pad;
    doc.y += 16;
    ensureRoom(doc, height);
    const top = doc.y;
    doc.save().rect(MARGIN, top, CONTENT_WIDTH, height).fillAndStroke('#fef3c7', '#b45309').restore();
    doc
      .font(BOLD)
      .fontSize(11)
      .fillColor('#78350f')
      .text(text, MARGIN + pad, top + pad, { width: CONTENT_WIDTH - 2 * pad });
    doc.y = top + height + 8;
  }
}

// ------------------------------------------------------------------------------------------ letterhead and letter

/**
 * The letterhead at the top of the page: the logo on the left and the company's name, address and
 * phone beside it on the right (on the left when there is no logo), a rule under both.
 */
async function drawLetterhead(ctx: Ctx, letterhead: PdfLetterhead): Promise<void> {
  const { doc } = ctx;
  const top = CONTENT_TOP;
  let bottom = top;
  let hasLogo = false;
  if (letterhead.logo) {
    const logo = await openImage(ctx, letterhead.logo);
    if (logo.image) {
      const placed = fit(logo.image.width, logo.image.height, { x: MARGIN, y: top, ...LETTERHEAD_LOGO_BOX });
      placeImage(doc, logo.image, { ...placed, x: MARGIN });
      bottom = top + placed.height;
      hasLogo = true;
    } else if (logo.note) {
      missingBox(doc, { x: MARGIN, y: top, ...LETTERHEAD_LOGO_BOX }, 'logo', logo.note);
      bottom = top + LETTERHEAD_LOGO_BOX.height;
      hasLogo = true;
    }
  }
  const x = hasLogo ? MARGIN + LETTERHEAD_LOGO_BOX.width + 16 : MARGIN;
  const width = MARGIN + CONTENT_WIDTH - x;
  const align = hasLogo ? 'right' : 'left';
  doc.font(BOLD).fontSize(14).fillColor(INK).text(t(letterhead.companyName), x, top, { width, align });
  doc.font(FONT).fontSize(9.5).fillColor(MUTED);
  for (const line of letterhead.address.split(/\r?\n/)) if (line.trim()) doc.text(t(line.trim()), x, doc.y, { width, align });
  doc.text(t(letterhead.phone), x, doc.y, { width, align });
  bottom = Math.max(bottom, doc.y) + 8;
  doc
    .save()
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + CONTENT_WIDTH, bottom)
    .lineWidth(1)
    .stroke(RULE)
    .restore();
  doc.y = bottom + 18;
}

async function drawLetter(ctx: Ctx, body: string, letterhead: PdfLetterhead | null): Promise<void> {
  ctx.doc.y = CONTENT_TOP;
  if (letterhead) await drawLetterhead(ctx, letterhead);
  paragraphs(ctx.doc, body);
}

// ------------------------------------------------------------------------------------------ photos

/** The photos per page a section is drawn with (the default for a value the layouts do not know). */
const layoutOf = (layout: number): PhotosPerPage =>
  (PHOTOS_PER_PAGE as readonly number[]).includes(layout) ? (layout as PhotosPerPage) : DEFAULT_PHOTOS_PER_PAGE;

/** The most room a photo takes in a layout: its cell on a page with no heading, in points. */
function photoCellSize(layout: PhotosPerPage): { width: number; height: number } {
  const { cols, rows } = PAGE_GRID[layoutOf(layout)];
  return { width: (CONTENT_WIDTH - (cols - 1) * GAP) / cols, height: (CONTENT_BOTTOM - CONTENT_TOP - (rows - 1) * GAP) / rows };
}

/** The height a row's heading takes: the section's title and note where it starts, "(continued)" on a page it runs onto. */
function headingHeight(doc: Doc, section: PdfPhotoSection, kind: NonNullable<PageRow['heading']>): number {
  if (kind === 'continued')
    return (
      doc
        .font(BOLD)
        .fontSize(11)
        .heightOfString(t(`${section.title} (continued)`), { width: CONTENT_WIDTH }) + 4
    );
  let height = doc.font(BOLD).fontSize(16).heightOfString(t(section.title), { width: CONTENT_WIDTH });
  if (section.note.trim()) height += 3 + Math.min(doc.font(FONT).fontSize(10).heightOfString(t(section.note.trim()), { width: CONTENT_WIDTH }), 36);
  return height + 6;
}

function drawHeading(doc: Doc, section: PdfPhotoSection, kind: NonNullable<PageRow['heading']>, y: number): void {
  if (kind === 'continued') {
    doc.font(BOLD).fontSize(11).fillColor(MUTED);
    textAt(doc, t(`${section.title} (continued)`), MARGIN, y, { width: CONTENT_WIDTH });
    return;
  }
  doc.font(BOLD).fontSize(16).fillColor(INK);
  textAt(doc, t(section.title), MARGIN, y, { width: CONTENT_WIDTH });
  if (section.note.trim()) {
    doc.font(FONT).fontSize(10).fillColor(MUTED);
    textAt(doc, t(section.note.trim()), MARGIN, doc.y + 3, { width: CONTENT_WIDTH, height: 36, ellipsis: true });
  }
}

/**
 * The photo pages as paginatePhotos lays them: each section with its own photos per page, sections
 * of the same layout sharing a page where a row is free, every row of a page the same height.
 */
async function drawPhotos(ctx: Ctx, sections: PdfPhotoSection[], showAnnotations: boolean, showMetadata: boolean, bookmark: Outline): Promise<void> {
  const { doc } = ctx;
  const pages = paginatePhotos(sections.map((s) => ({ layout: layoutOf(s.layout), photos: s.photos.length })));
  if (pages.length === 0) {
    doc.font(OBLIQUE).fontSize(10).fillColor(MUTED).text('No photos in this report.', MARGIN, CONTENT_TOP, { width: CONTENT_WIDTH });
    return;
  }
  for (const [p, page] of pages.entries()) {
    if (p > 0) doc.addPage();
    const { cols, rows } = PAGE_GRID[page.layout];
    const headings = page.rows.map((row) => {
      const section = sections[row.section];
      return row.heading && section ? headingHeight(doc, section, row.heading) : 0;
    });
    const rowHeight = (CONTENT_BOTTOM - CONTENT_TOP - headings.reduce((a, b) => a + b, 0) - (rows - 1) * GAP) / rows;
    const cellWidth = (CONTENT_WIDTH - (cols - 1) * GAP) / cols;
    let y = CONTENT_TOP;
    for (const [r, row] of page.rows.entries()) {
      const section = sections[row.section];
      if (!section) continue;
      if (row.heading) {
        if (row.heading === 'title') bookmark.addItem(t(section.title));
        drawHeading(doc, section, row.heading, y);
        y += headings[r] ?? 0;
      }
      for (const [c, index] of row.photos.entries()) {
        const photo = section.photos[index];
        if (!photo) continue;
        const cell = { x: MARGIN + c * (cellWidth + GAP), y, width: cellWidth, height: rowHeight };
        await drawPhotoCell(ctx, photo, cell, { showAnnotations, showMetadata, compact: page.layout >= 4 });
        ctx.step();
      }
      y += rowHeight + GAP;
    }
  }
}

/**
 * One photo in its cell, fitted keeping its aspect ratio, and under it its caption, what it shows
 * and (when shown) when and where it was taken, at CAPTION_SIZE; its number ("Photo 3", as the
 * evidence appendix numbers it) at the right of the first line.
 */
async function drawPhotoCell(
  ctx: Ctx,
  photo: PdfPhoto,
  cell: Box,
  options: { showAnnotations: boolean; showMetadata: boolean; compact: boolean },
): Promise<void> {
  const { doc } = ctx;
  const size = CAPTION_SIZE;
  const lines: { text: string; font: string }[] = [];
  if (photo.caption.trim()) lines.push({ text: photo.caption.trim(), font: BOLD });
  lines.push({ text: photo.categoryLabel, font: FONT });
  if (options.showMetadata) {
    const when = photo.capturedAt ? `Taken ${photo.capturedAt}` : (photo.addedWords ?? null);
    const where = photo.gps ? `GPS ${photo.gps}` : photo.deviceGps ? `Device at upload ${photo.deviceGps}` : null;
    const meta = [when, where].filter(Boolean).join('   ');
    if (meta) lines.push({ text: meta, font: FONT });
    for (const flag of photo.flags ?? []) lines.push({ text: `Flag: ${flag}`, font: BOLD });
  }
  const number = photo.number !== null ? t(`Photo ${photo.number}`) : null;
  const numberWidth = number ? doc.font(BOLD).fontSize(size).widthOfString(number) + 8 : 0;
  // A caption takes at most two lines in the small layouts and four in the big ones (then it ends with an ellipsis).
  const maxLineHeight = size * (options.compact ? 2.6 : 4.8);
  // The first line leaves room for the number (measured at the narrowest it may be drawn).
  const widthOf = (i: number) => (i === 0 ? Math.min(cell.width, NUMBER_MIN_OFFSET) - numberWidth : cell.width);
  const textHeights = lines.map((line, i) =>
    Math.min(
      doc
        .font(line.font)
        .fontSize(size)
        .heightOfString(t(line.text), { width: widthOf(i) }),
      maxLineHeight,
    ),
  );
  const textHeight = textHeights.reduce((a, b) => a + b, 0) + 4;
  const imageBox = { x: cell.x, y: cell.y, width: cell.width, height: Math.max(cell.height - textHeight, 40) };

  const { image, note } = await openImage(ctx, photo.image);
  let drawn: Box;
  if (image) {
    drawn = fit(image.width, image.height, imageBox);
    placeImage(doc, image, drawn);
    if (options.showAnnotations && photo.annotation) drawAnnotation(doc, photo.annotation, drawn);
  } else {
    const ratio = photo.width && photo.height ? photo.width / photo.height : 4 / 3;
    drawn = fit(ratio * 1000, 1000, imageBox);
    missingBox(doc, drawn, 'photo', note);
  }

  let y = drawn.y + drawn.height + 4;
  // Under the photo, from its left edge to the cell's right edge (a narrow portrait photo keeps room
  // for its words); the number at the photo's right edge (or a little further for a narrow one).
  const right = cell.x + cell.width;
  const numberRight = Math.min(right, Math.max(drawn.x + drawn.width, drawn.x + NUMBER_MIN_OFFSET));
  if (number) {
    doc.font(BOLD).fontSize(size).fillColor(INK);
    textAt(doc, number, numberRight - numberWidth, y, { width: numberWidth, align: 'right', lineBreak: false });
  }
  for (const [i, line] of lines.entries()) {
    doc
      .font(line.font)
      .fontSize(size)
      .fillColor(i === 0 && line.font === BOLD ? INK : MUTED);
    const height = textHeights[i] ?? size;
    textAt(doc, t(line.text), drawn.x, y, { width: (i === 0 ? numberRight - numberWidth : right) - drawn.x, height, ellipsis: true });
    y += height;
  }
}

/** The annotation's shapes as vectors over the drawn photo, scaled to its rectangle. */
export function drawAnnotation(doc: Doc, annotation: Annotation, box: Box): void {
  const drawing = annotationToSvg(annotation, box.width, box.height);
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  doc.translate(box.x, box.y);
  for (const el of drawing.elements) {
    switch (el.kind) {
      case 'line':
        doc.moveTo(el.x1, el.y1).lineTo(el.x2, el.y2).lineWidth(Math.max(el.strokeWidth, 0.5)).lineCap('round').stroke(el.stroke);
        break;
      case 'polygon': {
        const points = el.points.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
        doc.polygon(...points).fill(el.fill);
        break;
      }
      case 'ellipse':
        doc.ellipse(el.cx, el.cy, el.rx, el.ry).lineWidth(Math.max(el.strokeWidth, 0.5)).stroke(el.stroke);
        break;
      case 'path':
        doc.path(el.d).lineWidth(Math.max(el.strokeWidth, 0.5)).lineCap('round').lineJoin('round').stroke(el.stroke);
        break;
      case 'text': {
        const size = Math.max(el.fontSize, 4);
        const options = { lineBreak: false, baseline: 'alphabetic' as const };
        doc.font(BOLD).fontSize(size);
        // The outline first, then the letters in the shape's colour over it.
        doc
          .lineWidth(Math.max(el.strokeWidth * 2, 0.6))
          .lineJoin('round')
          .strokeColor(el.stroke);
        textAt(doc, t(el.text), el.x, el.y, { ...options, stroke: true, fill: false });
        doc.fillColor(el.fill);
        textAt(doc, t(el.text), el.x, el.y, { ...options, stroke: false, fill: true });
        break;
      }
    }
  }
  doc.restore();
}

// ------------------------------------------------------------------------------------------ tables

type Column = { label: string; width: number; align?: 'left' | 'right'; mono?: boolean };

/**
 * A table drawn row by row: the header repeats at the top of every page the table runs onto, and
 * `bold` rows (totals) follow the body.
 */
function drawGrid(doc: Doc, columns: Column[], rows: string[][], bold: string[][] = [], size = 9): void {
  const pad = 3;
  const headerRow = () => {
    const cells = columns.map((c) => c.label);
    rowOf(cells, true, '#f3f4f6');
  };
  const heightOf = (cells: string[], isBold: boolean) =>
    Math.max(
      ...columns.map((c, i) => {
        doc.font(c.mono && !isBold ? MONO : isBold ? BOLD : FONT).fontSize(c.mono ? size - 1.5 : size);
        return c.mono ? size : doc.heightOfString(t(cells[i] ?? ''), { width: c.width - 2 * pad });
      }),
      size,
    ) +
    2 * pad;
  function rowOf(cells: string[], isBold: boolean, fill: string | null) {
    const height = heightOf(cells, isBold);
    const top = doc.y;
    if (fill) doc.save().rect(MARGIN, top, CONTENT_WIDTH, height).fill(fill).restore();
    let x = MARGIN;
    for (const [i, c] of columns.entries()) {
      const mono = c.mono === true && !isBold;
      doc
        .font(mono ? MONO : isBold ? BOLD : FONT)
        .fontSize(mono ? size - 1.5 : size)
        .fillColor(INK);
      textAt(doc, t(cells[i] ?? ''), x + pad, top + pad, { width: c.width - 2 * pad, align: c.align ?? 'left', lineBreak: !mono });
      x += c.width;
    }
    doc
      .save()
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + CONTENT_WIDTH, top + height)
      .lineWidth(0.5)
      .stroke(RULE)
      .restore();
    doc.y = top + height;
  }
  const headerHeight = heightOf(
    columns.map((c) => c.label),
    true,
  );
  ensureRoom(doc, headerHeight + heightOf(rows[0] ?? [], false));
  headerRow();
  for (const [index, row] of [...rows, ...bold].entries()) {
    const isBold = index >= rows.length;
    if (ensureRoom(doc, heightOf(row, isBold))) headerRow();
    rowOf(row, isBold, null);
  }
}

function drawEvidence(doc: Doc, intro: string, rows: PdfEvidenceRow[]): void {
  doc.y = CONTENT_TOP;
  heading(doc, 'Evidence appendix');
  paragraphs(doc, intro, 9);
  // The hash column is wide enough for all 64 hex digits on one line in Courier.
  const columns: Column[] = [
    { label: 'Photo', width: 112 },
    { label: 'SHA-256', width: 250, mono: true },
    { label: 'Captured', width: 62 },
    { label: 'Received', width: 62 },
    { label: 'Uploader', width: 54 },
  ];
  const body = rows.map((r) => [`${r.label}\n${r.fileName}`, r.sha256, r.capturedAt, r.receivedAt, r.uploader]);
  drawGrid(doc, columns, body, [], 7.5);
  // Where each photo's time and place came from, and what an adjuster would question (decision 039).
  const known = rows.flatMap((r) => (r.provenance ? [{ label: r.label, ...r.provenance }] : []));
  if (known.length === 0) return;
  ensureRoom(doc, 80);
  doc.moveDown(0.8);
  heading(doc, 'Time and place of each photo', 12);
  paragraphs(
    doc,
    'Camera metadata: the time and GPS the camera wrote into the file. Device at capture: the phone clock and location when the app took the photo. Device at upload: where the phone was when a photo from its library was added, which is not where it was taken. None: the file says nothing.',
    8,
  );
  const provenanceColumns: Column[] = [
    { label: 'Photo', width: 96 },
    { label: 'Taken', width: 92 },
    { label: 'Time from', width: 58 },
    { label: 'Place', width: 92 },
    { label: 'Place from', width: 58 },
    { label: 'Flags', width: 144 },
  ];
  drawGrid(
    doc,
    provenanceColumns,
    known.map((r) => [r.label, r.taken, r.timeSource, r.place, r.placeSource, r.flags.length > 0 ? r.flags.join('\n') : 'None']),
    [],
    7.5,
  );
}

/** One table under its title: column shares of the width, the header repeated on each page it runs onto. */
function drawTable(doc: Doc, table: PdfTable): void {
  ensureRoom(doc, 80);
  heading(doc, table.title, 14);
  const shares = table.columns.map((c) => c.width ?? 0);
  const unset = shares.filter((s) => s <= 0).length;
  const left = Math.max(0, 1 - shares.reduce((a, b) => a + b, 0));
  const widths = shares.map((s) => (s > 0 ? s : unset > 0 ? left / unset : 0));
  const sum = widths.reduce((a, b) => a + b, 0) || 1;
  const columns: Column[] = table.columns.map((c, i) => ({ label: c.label, align: c.align, width: ((widths[i] ?? 0) / sum) * CONTENT_WIDTH }));
  drawGrid(doc, columns, table.rows, table.footer ?? []);
}

function drawTables(doc: Doc, tables: PdfTable[], notes: string[]): void {
  doc.y = CONTENT_TOP;
  for (const [index, table] of tables.entries()) {
    if (index > 0) doc.y += 14;
    drawTable(doc, table);
  }
  if (notes.length > 0) {
    doc.y += 12;
    ensureRoom(doc, 40);
    doc.font(BOLD).fontSize(11).fillColor(INK).text('Notes', MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.3);
    doc.font(FONT).fontSize(9).fillColor(INK);
    for (const note of notes) {
      doc.text(t(note), MARGIN, doc.y, { width: CONTENT_WIDTH });
      doc.moveDown(0.3);
    }
  }
}

// ------------------------------------------------------------------------------------------ proposal

/**
 * The proposal: the letterhead, who and what it is for, the introduction, each option with the
 * homeowner's part, the estimate's lines, a few numbered photos, and the signature (lines to sign
 * on paper before, the homeowner's drawn signature with the record after).
 */
async function drawProposal(ctx: Ctx, part: Extract<PdfPart, { kind: 'proposal' }>): Promise<void> {
  const { doc } = ctx;
  doc.y = CONTENT_TOP;
  if (part.letterhead) await drawLetterhead(ctx, part.letterhead);
  heading(doc, 'Proposal');
  if (part.facts && part.facts.length > 0) {
    factRows(doc, part.facts, 10, 120);
    doc.y += 6;
  }
  paragraphs(doc, part.intro, 10);
  for (const option of part.options) drawOption(doc, option);

  if (part.lineItems) {
    doc.y += 6;
    drawTable(doc, part.lineItems);
    doc.y += 10;
  }

  const photos = part.photos ?? [];
  if (photos.length > 0) {
    doc.y += 6;
    ensureRoom(doc, PROPOSAL_PHOTO_CELL.height + 30);
    heading(doc, 'Photos', 14);
    for (let start = 0; start < photos.length; start += 2) {
      ensureRoom(doc, PROPOSAL_PHOTO_CELL.height);
      const top = doc.y;
      for (const [c, photo] of photos.slice(start, start + 2).entries()) {
        const cell = { x: MARGIN + c * (PROPOSAL_PHOTO_CELL.width + GAP), y: top, ...PROPOSAL_PHOTO_CELL };
        await drawPhotoCell(ctx, photo, cell, { showAnnotations: true, showMetadata: false, compact: true });
      }
      doc.y = top + PROPOSAL_PHOTO_CELL.height + GAP;
    }
  }
  await drawSignature(ctx, part.signature);
}

/** One option in its box (the chosen one in green), its homeowner's part under the price. */
function drawOption(doc: Doc, option: PdfProposalOption): void {
  const pad = 10;
  const inner = CONTENT_WIDTH - 2 * pad;
  const part = option.homeownerPart ?? [];
  const lines: { text: string; font: string; size: number }[] = [
    { text: option.label, font: BOLD, size: 13 },
    ...(option.chosen ? [{ text: CHOSEN_OPTION_TEXT, font: BOLD, size: 10 }] : []),
    { text: `Product line: ${option.productLine}`, font: FONT, size: 10 },
    { text: `Price: ${option.price}`, font: BOLD, size: 11 },
    ...part.map((line, i) => ({ text: `${line.label}: ${line.value}`, font: i === part.length - 1 ? BOLD : FONT, size: 10 })),
    { text: `Warranty: ${option.warranty}`, font: FONT, size: 10 },
    { text: `Terms: ${option.terms}`, font: FONT, size: 10 },
  ];
  const heights = lines.map((l) => doc.font(l.font).fontSize(l.size).heightOfString(t(l.text), { width: inner }) + 2);
  const height = heights.reduce((a, b) => a + b, 0) + 2 * pad;
  ensureRoom(doc, height + 10);
  const top = doc.y;
  doc
    .save()
    .lineWidth(option.chosen ? 2.5 : 0.8)
    .rect(MARGIN, top, CONTENT_WIDTH, height)
    .stroke(option.chosen ? '#15803d' : RULE)
    .restore();
  let y = top + pad;
  for (const [i, l] of lines.entries()) {
    doc
      .font(l.font)
      .fontSize(l.size)
      .fillColor(l.text === CHOSEN_OPTION_TEXT ? '#15803d' : INK);
    textAt(doc, t(l.text), MARGIN + pad, y, { width: inner });
    y += heights[i] ?? 12;
  }
  doc.y = top + height + 10;
}

/** The homeowner's drawn signature with the record of it, or lines to sign on paper. */
async function drawSignature(ctx: Ctx, signature: PdfSignature | null): Promise<void> {
  const { doc } = ctx;
  ensureRoom(doc, 150);
  doc.y += 10;
  doc
    .font(BOLD)
    .fontSize(12)
    .fillColor(INK)
    .text(signature ? SIGNED_BY_HOMEOWNER_TEXT : 'Signature', MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
  if (signature) {
    const { image, note } = await openImage(ctx, signature.image);
    const top = doc.y;
    if (image) {
      const placed = fit(image.width, image.height, { x: MARGIN, y: top, ...SIGNATURE_BOX });
      placeImage(doc, image, { ...placed, x: MARGIN });
      doc.y = top + placed.height;
    } else {
      missingBox(doc, { x: MARGIN, y: top, width: SIGNATURE_BOX.width, height: 50 }, 'signature', note);
      doc.y = top + 50;
    }
    doc
      .save()
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + 260, doc.y + 2)
      .lineWidth(0.8)
      .stroke(INK)
      .restore();
    doc.y += 8;
    doc.font(FONT).fontSize(10).fillColor(INK);
    for (const line of [`Name: ${signature.name}`, `Date: ${signature.date}`, `Signed at ${signature.signedAt} from IP ${signature.ip}`]) {
      doc.text(t(line), MARGIN, doc.y, { width: CONTENT_WIDTH });
    }
  } else {
    doc.font(FONT).fontSize(10).fillColor(INK);
    for (const label of ['Signature', 'Name', 'Date']) {
      doc.y += 26;
      const y = doc.y;
      textAt(doc, label, MARGIN, y - 12, { lineBreak: false });
      doc
        .save()
        .moveTo(MARGIN + 70, y)
        .lineTo(MARGIN + 330, y)
        .lineWidth(0.8)
        .stroke(INK)
        .restore();
    }
    doc.y += 8;
  }
}
