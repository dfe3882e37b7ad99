import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** The one text-field look: 44 px high, a visible focus ring, red when aria-invalid. */
export const inputClass =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:outline-2 focus:outline-blue-600 aria-[invalid=true]:border-red-600 disabled:opacity-60';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClass, className)} {...props} />;
}
