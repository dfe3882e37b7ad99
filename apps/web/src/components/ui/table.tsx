import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { styled } from './styled';

// The scroller is `relative` so that visually hidden text in a cell (sr-only, absolutely positioned)
// is laid out inside it: otherwise it sits at its place in a wide table, outside the scroller, and the
// whole page scrolls sideways on a phone.
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn('w-full text-left text-sm', className)} {...props} />
    </div>
  );
}

export const TableCaption = styled('caption', 'sr-only');
export const TableHeader = styled('thead', 'border-b border-slate-200 text-slate-700');
export const TableBody = styled('tbody', 'divide-y divide-slate-100');
export const TableRow = styled('tr', 'align-top');
export const TableHead = styled('th', 'py-2 pr-3 font-semibold');
export const TableCell = styled('td', 'py-2 pr-3 text-slate-900');
