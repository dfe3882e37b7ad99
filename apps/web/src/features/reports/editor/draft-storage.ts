import { z } from 'zod';
import { reportDocumentSchema } from '@ridgeline/shared/contracts/documents';
import type { EditorDraft } from './document-edits';

// Edits not saved yet are kept in this tab's sessionStorage with the version they were made from, so
// a reload before the autosave opens them again (and saves them, or meets the refusal when someone
// saved in between).

const storedSchema = z.object({ baseVersion: z.number().int().min(1), title: z.string(), document: reportDocumentSchema });
export type StoredDraft = z.infer<typeof storedSchema>;

const keyOf = (reportId: string) => `ridgeline:report-draft:${reportId}`;

export function readStoredDraft(reportId: string): StoredDraft | null {
  try {
    const text = sessionStorage.getItem(keyOf(reportId));
    if (!text) return null;
    const parsed = storedSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredDraft(reportId: string, baseVersion: number, draft: EditorDraft): void {
  try {
    sessionStorage.setItem(keyOf(reportId), JSON.stringify({ baseVersion, title: draft.title, document: draft.document }));
  } catch {
    // Storage full or refused: the autosave still runs; only a reload before it would lose the edit.
  }
}

export function clearStoredDraft(reportId: string): void {
  try {
    sessionStorage.removeItem(keyOf(reportId));
  } catch {
    // Nothing to clear.
  }
}
