import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

// A white panel with a border: sections of a page, the auth box, the stat tiles.
export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cn('rounded-lg border border-slate-200 bg-white p-4', className)} {...props} />;
}

/** A card that is not a page section (a tile in a grid, a wrapper around a form). */
export function CardDiv({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-lg border border-slate-200 bg-white p-4', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-semibold text-slate-900', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('mt-1 text-sm text-slate-700', className)} {...props} />;
}
