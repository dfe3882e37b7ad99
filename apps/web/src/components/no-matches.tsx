import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { EmptyState } from './ui/empty-state';

/** A filtered list with nothing left: `title`, what to try, and Clear filters (`onClear`). */
export function NoMatches({ title, onClear, children }: { title: string; onClear: () => void; children: ReactNode }) {
  return (
    <EmptyState
      title={title}
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}
