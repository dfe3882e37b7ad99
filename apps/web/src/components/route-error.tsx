import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from './use-document-title';

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Failed to fetch dynamically/i;
export const RELOAD_FLAG = 'ridgeline.chunk-reload';

/** True once per page load: a failed lazy chunk (after a deploy) reloads the page one time. */
function shouldReloadForChunk(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  if (!CHUNK_ERROR.test(message) || sessionStorage.getItem(RELOAD_FLAG)) return false;
  sessionStorage.setItem(RELOAD_FLAG, '1');
  return true;
}

/**
 * The route error fallback: 'Something went wrong' with Try Again and Refresh Page. It sits in the
 * entry bundle that the public landing page loads, so it draws its two buttons with plain classes
 * instead of the UI kit (whose class merging would add its weight to every first visit).
 */
export function RouteError({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const reloading = shouldReloadForChunk(error);
  useDocumentTitle('Error');

  useEffect(() => {
    if (reloading) window.location.reload();
    else console.error(error);
  }, [error, reloading]);

  if (reloading) return null;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p className="text-slate-700">This page could not be shown. Your data is safe; try again, or refresh the page.</p>
      <div className="flex gap-3">
        <button type="button" onClick={() => void navigate(0)} className="rounded-md bg-blue-800 px-4 py-2 font-semibold text-white hover:bg-blue-900">
          Try Again
        </button>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50"
        >
          Refresh Page
        </button>
      </div>
    </main>
  );
}
