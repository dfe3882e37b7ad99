import { describe, expect, it } from 'vitest';
import { addPhotos, addSection, movePhoto, moveSection, removeSection, stepPhoto, updateCaption } from './document-edits';
import { fakeDocument, photoId } from './editor-fakes';
import { pagesOfDocument } from './page-count';

const order = (doc: ReturnType<typeof fakeDocument>) => doc.sections.map((s) => s.photos.map((p) => p.caption.replace('Caption ', '')).join(''));

describe('document edits', () => {
  it('moves a photo within its section and into another one, leaving the original untouched', () => {
    const doc = fakeDocument();
    expect(order(movePhoto(doc, photoId(1), 'front', 2))).toEqual(['231', '45']);
    expect(order(movePhoto(doc, photoId(2), 'roof', 1))).toEqual(['13', '425']);
    expect(order(movePhoto(doc, photoId(5), 'front', 99))).toEqual(['1235', '4']);
    expect(order(doc)).toEqual(['123', '45']);
  });

  it('steps a photo across the edge of its section into the neighbour', () => {
    const doc = fakeDocument();
    expect(order(stepPhoto(doc, photoId(3), 1))).toEqual(['12', '345']);
    expect(order(stepPhoto(doc, photoId(4), -1))).toEqual(['1234', '5']);
    expect(order(stepPhoto(doc, photoId(1), -1))).toEqual(['123', '45']);
    expect(order(stepPhoto(doc, photoId(5), 1))).toEqual(['123', '45']);
  });

  it('moves, adds and removes sections; a photo already placed is not added twice', () => {
    const doc = fakeDocument();
    expect(moveSection(doc, 1, 0).sections.map((s) => s.id)).toEqual(['roof', 'front']);
    const added = addSection(addSection(doc));
    expect(added.sections.map((s) => s.id)).toEqual(['front', 'roof', 'section-3', 'section-4']);
    expect(removeSection(doc, 'front').sections.map((s) => s.id)).toEqual(['roof']);
    const more = addPhotos(doc, 'roof', [
      { photoId: photoId(1), caption: 'again' },
      { photoId: photoId(6), caption: 'Caption 6' },
    ]);
    expect(order(more)).toEqual(['123', '456']);
    expect(updateCaption(doc, photoId(2), 'Hail').sections[0]?.photos[1]?.caption).toBe('Hail');
  });

  it('counts the pages: the cover, each section by its photos per page, the appendix', () => {
    const doc = fakeDocument();
    expect(pagesOfDocument(doc).total).toBe(1 + 2 + 1 + 1);
    const single = { sections: doc.sections.map((s) => ({ ...s, layout: 1 as const })) };
    expect(pagesOfDocument(single).total).toBe(1 + 3 + 2 + 1);
    expect(pagesOfDocument({ sections: [] }).total).toBe(1);
  });
});
