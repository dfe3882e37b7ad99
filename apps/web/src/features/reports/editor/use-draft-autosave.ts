import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSaveReport } from '../api/save-report';
import type { EditorDraft } from './document-edits';
import { clearStoredDraft, writeStoredDraft } from './draft-storage';

// Autosave of a draft: 1.5 s after the last change the draft is sent with the version it was loaded
// at (or last saved as). A refusal because someone else saved in between stops saving until the
// draft is reloaded; any other failure is tried again a little later.

export const AUTOSAVE_DELAY_MS = 1500;
export const AUTOSAVE_RETRY_MS = 5000;

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict'; message: string };

export function useDraftAutosave(reportId: string, initial: { draft: EditorDraft; version: number; dirty: boolean }) {
  const save = useSaveReport();
  const [draft, setDraft] = useState(initial.draft);
  const [state, setState] = useState<SaveState>(initial.dirty ? { kind: 'pending' } : { kind: 'idle' });
  const latest = useRef(initial.draft);
  const version = useRef(initial.version);
  const dirty = useRef(initial.dirty);
  const conflict = useRef(false);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);
  const saveAsync = save.mutateAsync;
  const again = useRef<() => void>(() => undefined);

  const cancelTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const flush = useCallback(async (): Promise<boolean> => {
    cancelTimer();
    if (conflict.current) return false;
    while (running.current) await running.current;
    if (!dirty.current) return true;
    const sending = latest.current;
    dirty.current = false;
    if (mounted.current) setState({ kind: 'saving' });
    const run = (async () => {
      try {
        const report = await saveAsync({ id: reportId, input: { version: version.current, title: sending.title, document: sending.document } });
        version.current = report.version;
        if (dirty.current) writeStoredDraft(reportId, report.version, latest.current);
        else clearStoredDraft(reportId);
        if (mounted.current) setState(dirty.current ? { kind: 'pending' } : { kind: 'saved', at: report.updatedAt });
        return true;
      } catch (error) {
        dirty.current = true;
        if (error instanceof ApiError && error.code === 'DRAFT_CHANGED') {
          conflict.current = true;
          if (mounted.current) setState({ kind: 'conflict', message: errorText(error) });
        } else if (mounted.current) setState({ kind: 'failed', message: errorText(error) });
        return false;
      }
    })();
    running.current = run;
    const ok = await run;
    running.current = null;
    if (mounted.current && !conflict.current && dirty.current) {
      timer.current = setTimeout(() => again.current(), ok ? AUTOSAVE_DELAY_MS : AUTOSAVE_RETRY_MS);
    }
    return ok;
  }, [reportId, saveAsync]);

  const change = useCallback(
    (next: EditorDraft) => {
      latest.current = next;
      dirty.current = true;
      setDraft(next);
      writeStoredDraft(reportId, version.current, next);
      if (conflict.current) return;
      setState((s) => (s.kind === 'saving' || s.kind === 'failed' ? s : { kind: 'pending' }));
      cancelTimer();
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush, reportId],
  );

  // A draft opened with edits kept from before a reload saves them at once.
  useEffect(() => {
    again.current = () => void flush();
  }, [flush]);
  useEffect(() => {
    mounted.current = true;
    if (dirty.current && !conflict.current) timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => {
      mounted.current = false;
      cancelTimer();
      // Leaving the editor (another page of the app) saves what is pending at once.
      if (dirty.current && !conflict.current) void flush();
    };
  }, [flush]);

  return { draft, change, state, flush };
}
