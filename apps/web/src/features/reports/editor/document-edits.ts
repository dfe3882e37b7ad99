import type { ReportDocument, ReportPhoto, ReportSection } from '@ridgeline/shared/contracts/documents';
import { DEFAULT_PHOTOS_PER_PAGE } from '@ridgeline/shared/domain/documents';

// The editor's changes to an arranged report, as pure functions of the document: each returns a new
// document and leaves the one given untouched, so every change can be kept, saved and undone by
// reloading. A photo is placed at most once in a report.

export type EditorDraft = { title: string; document: ReportDocument };

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

export function placedPhotoIds(document: ReportDocument): Set<string> {
  return new Set(document.sections.flatMap((s) => s.photos.map((p) => p.photoId)));
}

/** Where a photo is: its section's index and its own index there; null when it is not placed. */
export function findPhoto(document: ReportDocument, photoId: string): { section: number; index: number } | null {
  for (const [section, s] of document.sections.entries()) {
    const index = s.photos.findIndex((p) => p.photoId === photoId);
    if (index >= 0) return { section, index };
  }
  return null;
}

export function moveSection(document: ReportDocument, from: number, to: number): ReportDocument {
  if (from === to || from < 0 || from >= document.sections.length) return document;
  return { ...document, sections: move(document.sections, from, to) };
}

/** Puts a photo at `index` of a section (its end when past it), taking it out of where it was. */
export function movePhoto(document: ReportDocument, photoId: string, toSectionId: string, index: number): ReportDocument {
  const at = findPhoto(document, photoId);
  const target = document.sections.findIndex((s) => s.id === toSectionId);
  if (!at || target < 0) return document;
  const photo = document.sections[at.section]?.photos[at.index];
  if (!photo) return document;
  if (at.section === target && at.index === index) return document;
  const sections = document.sections.map((s) => ({ ...s, photos: s.photos.filter((p) => p.photoId !== photoId) }));
  const into = sections[target];
  if (!into) return document;
  const photos = [...into.photos];
  photos.splice(Math.max(0, Math.min(index, photos.length)), 0, photo);
  sections[target] = { ...into, photos };
  return { ...document, sections };
}

/**
 * One step up or down for the phone's buttons: within its section, and past the section's edge into
 * the end of the previous section or the start of the next.
 */
export function stepPhoto(document: ReportDocument, photoId: string, delta: -1 | 1): ReportDocument {
  const at = findPhoto(document, photoId);
  if (!at) return document;
  const section = document.sections[at.section];
  if (!section) return document;
  const index = at.index + delta;
  if (index >= 0 && index < section.photos.length) return movePhoto(document, photoId, section.id, index);
  const neighbour = document.sections[at.section + delta];
  if (!neighbour) return document;
  return movePhoto(document, photoId, neighbour.id, delta < 0 ? neighbour.photos.length : 0);
}

export function updateSection(document: ReportDocument, sectionId: string, patch: Partial<Pick<ReportSection, 'title' | 'note' | 'layout'>>): ReportDocument {
  return { ...document, sections: document.sections.map((s) => (s.id === sectionId ? { ...s, ...patch } : s)) };
}

export function updateCaption(document: ReportDocument, photoId: string, caption: string): ReportDocument {
  return {
    ...document,
    sections: document.sections.map((s) =>
      s.photos.some((p) => p.photoId === photoId) ? { ...s, photos: s.photos.map((p) => (p.photoId === photoId ? { ...p, caption } : p)) } : s,
    ),
  };
}

export function removePhoto(document: ReportDocument, photoId: string): ReportDocument {
  return { ...document, sections: document.sections.map((s) => ({ ...s, photos: s.photos.filter((p) => p.photoId !== photoId) })) };
}

/** Adds photos at the end of a section; a photo already in the report is not placed twice. */
export function addPhotos(document: ReportDocument, sectionId: string, photos: readonly ReportPhoto[]): ReportDocument {
  const placed = placedPhotoIds(document);
  const fresh = photos.filter((p) => !placed.has(p.photoId));
  if (fresh.length === 0) return document;
  return { ...document, sections: document.sections.map((s) => (s.id === sectionId ? { ...s, photos: [...s.photos, ...fresh] } : s)) };
}

/** A section id not used in the document yet. */
export function newSectionId(document: ReportDocument): string {
  const used = new Set(document.sections.map((s) => s.id));
  let n = document.sections.length + 1;
  while (used.has(`section-${n}`)) n += 1;
  return `section-${n}`;
}

export function addSection(document: ReportDocument, title = 'New section'): ReportDocument {
  const section: ReportSection = { id: newSectionId(document), title, note: '', layout: DEFAULT_PHOTOS_PER_PAGE, photos: [] };
  return { ...document, sections: [...document.sections, section] };
}

export function removeSection(document: ReportDocument, sectionId: string): ReportDocument {
  return { ...document, sections: document.sections.filter((s) => s.id !== sectionId) };
}
