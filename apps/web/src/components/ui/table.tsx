import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { styled } from './styled';

/** Whether the element scrolls sideways (its content is wider than it), followed as either changes size. */
function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(node.scrollWidth > node.clientWidth);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(node);
    if (node.firstElementChild) observer.observe(node.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}

// The scroller is `relative` so that visually hidden text in a cell (sr-only, absolutely positioned)
// is laid out inside it: otherwise it sits at its place in a wide table, outside the scroller, and the
// whole page scrolls sideways on a phone. When the table is wider than the screen the scroller takes
// the keyboard focus, so its hidden columns can be scrolled to without a mouse.
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
  return (
    <div ref={ref} tabIndex={scrolls ? 0 : undefined} className="relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-600">
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
