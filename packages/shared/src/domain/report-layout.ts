import type { ReportDocument, ReportSection } from '../contracts/documents';
import { CAPTION_MAX, DEFAULT_PHOTOS_PER_PAGE, type PhotosPerPage } from './documents';
import { ELEVATIONS, SLOPE_DIRECTIONS, slopeSubcategory, type SlopeDirection } from './field-capture';
import { testSquareLabel } from './shot-list';

// The order adjusters read a photo report: the overview; the elevations front, right, rear, left;
// the roof slope by slope (each slope's photos, then its test square with the hit count); the roof
// details (ridge, valley, penetrations, flashing); damage close-ups; collateral; interior; other.
// Empty sections are left out. With more than one structure, a structure's sections carry its name.
// A photo taken of no structure (or of one no longer listed) counts for the first structure, as the
// shot list counts it. Within a section, photos are in capture order.

/** A photo as the arrangement reads it. */
export type LayoutPhoto = {
  id: string;
  category: string;
  subcategory: string | null;
  structureId: string | null;
  notes: string | null;
  /** ISO time, or null when unknown (printed last). */
  capturedAt: string | null;
};

/** A structure as the arrangement reads it (the session's structures, in their order). */
export type LayoutStructure = {
  id: string;
  name: string;
  slopes: readonly { direction: SlopeDirection; testSquareHits: number | null }[];
};

const ROOF_DETAILS = ['ridge', 'valley', 'penetrations', 'flashing'] as const;

function byCaptureTime(a: LayoutPhoto, b: LayoutPhoto): number {
  if (a.capturedAt !== b.capturedAt) {
    if (a.capturedAt === null) return 1;
    if (b.capturedAt === null) return -1;
    const diff = Date.parse(a.capturedAt) - Date.parse(b.capturedAt);
    if (diff !== 0) return diff;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The caption a photo starts with: its notes, or none. */
export function defaultCaption(photo: Pick<LayoutPhoto, 'notes'>): string {
  return (photo.notes ?? '').trim().slice(0, CAPTION_MAX);
}

function slopeDirectionOf(subcategory: string | null, kind: 'slope' | 'test_square'): SlopeDirection | null {
  if (!subcategory) return null;
  return SLOPE_DIRECTIONS.find((d) => slopeSubcategory(kind, d) === subcategory) ?? null;
}

/** The photos arranged into sections in the order adjusters read, each section laid out with `layout`. */
export function arrangeForAdjusters(
  photos: readonly LayoutPhoto[],
  structures: readonly LayoutStructure[],
  layout: PhotosPerPage = DEFAULT_PHOTOS_PER_PAGE,
): ReportSection[] {
  const unique = [...new Map(photos.map((p) => [p.id, p])).values()].sort(byCaptureTime);
  const known = new Set(structures.map((s) => s.id));
  const firstId = structures[0]?.id ?? null;
  const structureOf = (photo: LayoutPhoto) => (photo.structureId !== null && known.has(photo.structureId) ? photo.structureId : firstId);
  const named = (structure: LayoutStructure | null, title: string) => (structure && structures.length > 1 ? `${structure.name}: ${title}` : title);
  const taken = new Set<string>();
  const sections: ReportSection[] = [];

  const add = (id: string, title: string, note: string, match: (photo: LayoutPhoto) => boolean) => {
    const chosen = unique.filter((p) => !taken.has(p.id) && match(p));
    if (chosen.length === 0) return;
    for (const p of chosen) taken.add(p.id);
    sections.push({ id, title, note, layout, photos: chosen.map((p) => ({ photoId: p.id, caption: defaultCaption(p) })) });
  };
  // The structures sections are made for: the listed ones, or one unnamed structure when none is.
  const targets: { key: string; structure: LayoutStructure | null }[] =
    structures.length > 0 ? structures.map((s, i) => ({ key: `s${i}`, structure: s })) : [{ key: 's0', structure: null }];
  const ofTarget = (target: { structure: LayoutStructure | null }, photo: LayoutPhoto) =>
    target.structure === null ? true : structureOf(photo) === target.structure.id;

  add('overview', 'Overview', '', (p) => p.category === 'overview');
  for (const target of targets) {
    for (const elevation of ELEVATIONS) {
      add(
        `elevation-${elevation.value}-${target.key}`,
        named(target.structure, `${elevation.label} elevation`),
        '',
        (p) => p.category === 'elevation' && p.subcategory === elevation.value && ofTarget(target, p),
      );
    }
  }
  for (const target of targets) {
    const listed = target.structure?.slopes ?? [];
    // The structure's slopes in its order, then any slope photographed that is not listed.
    const directions: { direction: SlopeDirection; hits: number | null }[] = listed.map((s) => ({ direction: s.direction, hits: s.testSquareHits }));
    for (const direction of SLOPE_DIRECTIONS) {
      if (directions.some((d) => d.direction === direction)) continue;
      const photographed = unique.some(
        (p) =>
          p.category === 'roof' &&
          ofTarget(target, p) &&
          (slopeDirectionOf(p.subcategory, 'slope') === direction || slopeDirectionOf(p.subcategory, 'test_square') === direction),
      );
      if (photographed) directions.push({ direction, hits: null });
    }
    for (const { direction, hits } of directions) {
      const slopePhotos = unique.filter(
        (p) => !taken.has(p.id) && p.category === 'roof' && ofTarget(target, p) && slopeDirectionOf(p.subcategory, 'slope') === direction,
      );
      const squarePhotos = unique.filter(
        (p) => !taken.has(p.id) && p.category === 'roof' && ofTarget(target, p) && slopeDirectionOf(p.subcategory, 'test_square') === direction,
      );
      const chosen = [...slopePhotos, ...squarePhotos];
      if (chosen.length === 0) continue;
      for (const p of chosen) taken.add(p.id);
      const note = hits === null ? 'Test square not counted' : `Test square: ${testSquareLabel(direction, hits)} hits`;
      sections.push({
        id: `roof-${direction.toLowerCase()}-${target.key}`,
        title: named(target.structure, `Roof slope ${direction}`),
        note,
        layout,
        photos: chosen.map((p) => ({ photoId: p.id, caption: defaultCaption(p) })),
      });
    }
  }
  for (const target of targets) {
    add(
      `roof-details-${target.key}`,
      named(target.structure, 'Roof details'),
      '',
      (p) => p.category === 'roof' && ofTarget(target, p) && (ROOF_DETAILS as readonly string[]).includes(p.subcategory ?? ''),
    );
  }
  // Roof photos of no known slope or detail still belong with the roof.
  add('roof-other', 'Roof', '', (p) => p.category === 'roof');
  add('damage', 'Damage close-ups', '', (p) => p.category === 'damage');
  add('collateral', 'Collateral', '', (p) => p.category === 'collateral');
  add('interior', 'Interior', '', (p) => p.category === 'interior');
  add('other', 'Other', '', () => true);
  return sections;
}

/** Columns and rows of a page for each layout: 1 big; 2 stacked; 4 as 2x2; 6 as 2x3. */
export const PAGE_GRID: Record<PhotosPerPage, { cols: number; rows: number }> = {
  1: { cols: 1, rows: 1 },
  2: { cols: 1, rows: 2 },
  4: { cols: 2, rows: 2 },
  6: { cols: 2, rows: 3 },
};

/**
 * One row of photo cells on a page, all of one section: the indexes of its photos in the section,
 * and the heading printed above the row: the section's title (and note) where it starts, "(continued)"
 * at the top of a page it runs onto, none otherwise.
 */
export type PageRow = { section: number; photos: number[]; heading: 'title' | 'continued' | null };
export type PhotoPage = { layout: PhotosPerPage; rows: PageRow[] };

/**
 * The photo pages of a report. Each section is laid out with its own photos per page, row by row (a
 * row holds the layout's columns). A section starts on the page before it when that page has the
 * same photos per page and a row free, so four elevations of one photo each at two per page fill two
 * pages, not four half-empty ones; otherwise it starts a new page. A section with no photos takes none.
 */
export function paginatePhotos(sections: readonly { layout: PhotosPerPage; photos: number }[]): PhotoPage[] {
  const pages: PhotoPage[] = [];
  for (const [index, section] of sections.entries()) {
    const grid = PAGE_GRID[section.layout] ?? PAGE_GRID[DEFAULT_PHOTOS_PER_PAGE];
    for (let start = 0; start < section.photos; start += grid.cols) {
      let page = pages.at(-1);
      if (!page || page.layout !== section.layout || page.rows.length >= grid.rows) {
        page = { layout: section.layout, rows: [] };
        pages.push(page);
      }
      const photos = Array.from({ length: Math.min(grid.cols, section.photos - start) }, (_, i) => start + i);
      const heading = start === 0 ? 'title' : page.rows.length === 0 ? 'continued' : null;
      page.rows.push({ section: index, photos, heading });
    }
  }
  return pages;
}

export type SectionPages = { id: string; title: string; photos: number; layout: PhotosPerPage; pages: number };
export type DocumentPages = { sections: SectionPages[]; photos: number; photoPages: number };

/** The photo pages in all (sections sharing pages as paginatePhotos lays them), and the pages each section appears on. */
export function pagesOfDocument(document: Pick<ReportDocument, 'sections'>): DocumentPages {
  const laid = paginatePhotos(document.sections.map((s) => ({ layout: s.layout, photos: s.photos.length })));
  const sections = document.sections.map((s, index) => ({
    id: s.id,
    title: s.title,
    photos: s.photos.length,
    layout: s.layout,
    pages: laid.filter((page) => page.rows.some((row) => row.section === index)).length,
  }));
  return { sections, photos: sections.reduce((n, s) => n + s.photos, 0), photoPages: laid.length };
}
