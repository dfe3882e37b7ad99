import { useEffect } from 'react';

/**
 * Runs the local inspection store's sync for the signed-in user while the app is open (on start, on
 * 'online', after local writes). The store's code loads after the first render, not with the shell.
 */
export function useInspectionSync(userId: string | undefined): void {
  useEffect(() => {
    if (!userId) return;
    let live = true;
    let stop: (() => void) | undefined;
    import('./inspection-sync')
      .then(({ startInspectionSync }) => {
        if (live) stop = startInspectionSync(userId);
      })
      .catch((error: unknown) => console.warn('Inspection sync could not start.', error));
    return () => {
      live = false;
      stop?.();
    };
  }, [userId]);
}
