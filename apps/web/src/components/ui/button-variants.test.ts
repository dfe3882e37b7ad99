import { cva } from 'class-variance-authority';
import { describe, expect, it } from 'vitest';
import { cn } from '../../lib/cn';
import { buttonVariants } from './button-variants';

// The button's classes as they were made with class-variance-authority and tailwind-merge.
const cvaButton = cva(
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:pointer-events-none disabled:opacity-60 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-blue-800 text-white hover:bg-blue-900',
        secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
        'destructive-outline': 'border border-red-300 bg-white text-red-800 hover:bg-red-50',
        ghost: 'text-slate-800 hover:bg-slate-100',
        link: 'text-blue-800 underline-offset-2 hover:underline',
      },
      size: { default: 'min-h-11 px-4 py-2', sm: 'min-h-9 px-3 py-1.5', lg: 'min-h-12 px-6 py-3 text-base', icon: 'size-11', inline: 'p-0' },
    },
    defaultVariants: { variant: 'primary', size: 'default' },
  },
);
const variants = ['primary', 'secondary', 'destructive', 'destructive-outline', 'ghost', 'link', undefined] as const;
const sizes = ['default', 'sm', 'lg', 'icon', 'inline', undefined] as const;
// Every className the app passes to a button.
const callers = [
  undefined,
  'w-full',
  'self-start',
  'gap-1',
  'underline',
  'gap-1 text-red-700 hover:bg-red-50',
  'text-red-700 hover:bg-red-50',
  'text-red-800 hover:bg-red-50',
  'text-white hover:bg-blue-900',
  'bg-slate-950 text-white hover:bg-slate-800',
  'mt-3 bg-green-800 hover:bg-green-900',
  'mt-3 bg-amber-700 hover:bg-amber-800',
];

describe('buttonVariants', () => {
  it('gives the classes class-variance-authority and tailwind-merge gave, for every variant, size and caller', () => {
    for (const variant of variants)
      for (const size of sizes)
        for (const className of callers) expect(buttonVariants({ variant, size, className })).toBe(cn(cvaButton({ variant, size }), className));
  });
});
