import { useEffect } from 'react';

/** Sets the tab title to '<page> - Ridgeline' (every title ends with the product name). */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    document.title = page ? `${page} - Ridgeline` : 'Complete Claims Management System for Roofing Contractors - Ridgeline';
  }, [page]);
}
