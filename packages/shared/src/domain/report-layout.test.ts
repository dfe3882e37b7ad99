import { describe, expect, it } from 'vitest';
import { arrangeForAdjusters, pagesOfDocument, paginatePhotos, type LayoutPhoto, type LayoutStructure } from './report-layout';

const house: LayoutStructure = {
  id: 'house',
  name: 'Main house',
  slopes: [
    { direction: 'S', testSquareHits: 11 },
    { direction: 'N', testSquareHits: null },
  ],
};
const garage: LayoutStructure = { id: 'garage', name: 'Detached garage', slopes: [{ direction: 'E', testSquareHits: 3 }] };

let n = 0;
const photo = (category: string, subcategory: string | null, extra: Partial<LayoutPhoto> = {}): LayoutPhoto => {
  n += 1;
  return {
    id: `p${String(n).padStart(3, '0')}`,
    category,
    subcategory,
    structureId: null,
    notes: null,
    capturedAt: `2026-05-02T14:${String(n % 60).padStart(2, '0')}:00Z`,
    ...extra,
  };
};

describe('arrangeForAdjusters', () => {
  it('orders sections as adjusters read them and leaves empty ones out', () => {
    const photos = [
      photo('other', 'general'),
      photo('interior', 'attic'),
      photo('collateral', 'gutter'),
      photo('damage', 'hail'),
      photo('roof', 'valley'),
      photo('roof', 'test_square_s'),
      photo('roof', 'slope_n'),
      photo('roof', 'slope_s'),
      photo('elevation', 'left'),
      photo('elevation', 'front'),
      photo('overview', 'front_of_house'),
    ];
    const sections = arrangeForAdjusters(photos, [house]);
    expect(sections.map((s) => s.title)).toEqual([
      'Overview',
      'Front elevation',
      'Left elevation',
      'Roof slope S',
      'Roof slope N',
      'Roof details',
      'Damage close-ups',
      'Collateral',
      'Interior',
      'Other',
    ]);
    expect(sections.every((s) => s.layout === 2)).toBe(true);
  });

  it('puts a slope photo before its test square, with the hit count or "not counted" as the note', () => {
    const square = photo('roof', 'test_square_s', { capturedAt: '2026-05-02T10:00:00Z' });
    const slope = photo('roof', 'slope_s', { capturedAt: '2026-05-02T11:00:00Z' });
    const north = photo('roof', 'slope_n');
    const sections = arrangeForAdjusters([square, slope, north], [house], 4);
    const south = sections.find((s) => s.title === 'Roof slope S');
    expect(south?.photos.map((p) => p.photoId)).toEqual([slope.id, square.id]);
    expect(south?.note).toBe('Test square: S = 11 hits');
    expect(south?.layout).toBe(4);
    expect(sections.find((s) => s.title === 'Roof slope N')?.note).toBe('Test square not counted');
  });

  it('names structure sections when there is more than one structure, and counts a photo of no structure for the first', () => {
    const photos = [photo('elevation', 'front', { structureId: 'garage' }), photo('elevation', 'front'), photo('roof', 'slope_e', { structureId: 'garage' })];
    const sections = arrangeForAdjusters(photos, [house, garage]);
    expect(sections.map((s) => s.title)).toEqual(['Main house: Front elevation', 'Detached garage: Front elevation', 'Detached garage: Roof slope E']);
    expect(sections[2]?.note).toBe('Test square: E = 3 hits');
  });

  it('captions from the notes, orders by capture time (unknown last) and lists each photo once', () => {
    const late = photo('overview', 'street', { capturedAt: '2026-05-02T16:00:00Z', notes: '  Street view  ' });
    const early = photo('overview', 'address', { capturedAt: '2026-05-02T09:00:00Z' });
    const unknown = photo('overview', 'address', { capturedAt: null });
    const [overview] = arrangeForAdjusters([late, unknown, early, late], []);
    expect(overview?.photos).toEqual([
      { photoId: early.id, caption: '' },
      { photoId: late.id, caption: 'Street view' },
      { photoId: unknown.id, caption: '' },
    ]);
  });

  it('keeps a slope that is photographed but not listed, and roof photos of no known kind', () => {
    const sections = arrangeForAdjusters([photo('roof', 'slope_w'), photo('roof', 'chimney_cap'), photo('mystery', null)], [house]);
    expect(sections.map((s) => [s.title, s.note])).toEqual([
      ['Roof slope W', 'Test square not counted'],
      ['Roof', ''],
      ['Other', ''],
    ]);
  });

  it('gives every section a short unique id', () => {
    const long: LayoutStructure = { id: 'x'.repeat(64), name: 'Long', slopes: [{ direction: 'NW', testSquareHits: 1 }] };
    const sections = arrangeForAdjusters(
      [photo('roof', 'slope_nw', { structureId: long.id }), photo('elevation', 'rear', { structureId: long.id })],
      [long, house],
    );
    const ids = sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.length <= 64)).toBe(true);
  });
});

describe('pagesOfDocument', () => {
  it('counts the pages each section takes for its layout', () => {
    const ids = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ photoId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, caption: '' }));
    const pages = pagesOfDocument({
      sections: [
        { id: 'a', title: 'A', note: '', layout: 1, photos: ids(3) },
        { id: 'b', title: 'B', note: '', layout: 4, photos: ids(5) },
        { id: 'c', title: 'C', note: '', layout: 6, photos: ids(6) },
        { id: 'd', title: 'D', note: '', layout: 2, photos: [] },
      ],
    });
    expect(pages.sections.map((s) => s.pages)).toEqual([3, 2, 1, 0]);
    expect(pages.photoPages).toBe(6);
    expect(pages.photos).toBe(14);
  });
});

describe('paginatePhotos', () => {
  it('lets sections of the same photos per page share a page: four elevations of one photo at two a page fill two pages', () => {
    const pages = paginatePhotos([1, 1, 1, 1].map((photos) => ({ layout: 2 as const, photos })));
    expect(pages).toEqual([
      {
        layout: 2,
        rows: [
          { section: 0, photos: [0], heading: 'title' },
          { section: 1, photos: [0], heading: 'title' },
        ],
      },
      {
        layout: 2,
        rows: [
          { section: 2, photos: [0], heading: 'title' },
          { section: 3, photos: [0], heading: 'title' },
        ],
      },
    ]);
  });

  it('fills rows by the layout’s columns, says "continued" at the top of a page a section runs onto, and starts a new page for another layout', () => {
    const pages = paginatePhotos([
      { layout: 4, photos: 3 },
      { layout: 4, photos: 3 },
      { layout: 1, photos: 2 },
      { layout: 6, photos: 0 },
    ]);
    expect(pages.map((p) => p.layout)).toEqual([4, 4, 1, 1]);
    expect(pages[0]?.rows).toEqual([
      { section: 0, photos: [0, 1], heading: 'title' },
      { section: 0, photos: [2], heading: null },
    ]);
    expect(pages[1]?.rows).toEqual([
      { section: 1, photos: [0, 1], heading: 'title' },
      { section: 1, photos: [2], heading: null },
    ]);
    expect(pages[3]?.rows).toEqual([{ section: 2, photos: [1], heading: 'continued' }]);
    expect(paginatePhotos([{ layout: 2, photos: 3 }]).map((p) => p.rows.map((r) => r.heading))).toEqual([['title', null], ['continued']]);
  });

  it('counts the shared pages in the document’s total and on each section', () => {
    const ids = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ photoId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, caption: '' }));
    const pages = pagesOfDocument({
      sections: ['Front', 'Right', 'Rear', 'Left'].map((title) => ({ id: title, title: `${title} elevation`, note: '', layout: 2 as const, photos: ids(1) })),
    });
    expect(pages.photoPages).toBe(2);
    expect(pages.sections.map((s) => s.pages)).toEqual([1, 1, 1, 1]);
  });
});
