import { cva } from 'class-variance-authority';
import { describe, expect, it } from 'vitest';
import { cn } from '../../lib/cn';
import { BUTTON_BASE, BUTTON_SIZES, BUTTON_VARIANTS, buttonVariants } from './button-variants';

// The button's classes as class-variance-authority and tailwind-merge made them from the same tables.
const cvaButton = cva(BUTTON_BASE, { variants: { variant: BUTTON_VARIANTS, size: BUTTON_SIZES }, defaultVariants: { variant: 'primary', size: 'default' } });
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
  // Buttons whose words wrap on a phone, and the field screens' taller targets.
  'min-h-12 w-full justify-start text-left whitespace-normal',
  'min-h-12 min-w-0 flex-col gap-0 px-1 leading-tight whitespace-normal',
  'text-left whitespace-normal',
  'self-start whitespace-normal',
  'min-h-[72px] w-full min-w-0 text-lg',
  'min-h-14 w-full text-base sm:w-auto',
];

describe('buttonVariants', () => {
  it('gives the classes class-variance-authority and tailwind-merge gave, for every variant, size and caller', () => {
    for (const variant of variants)
      for (const size of sizes)
        for (const className of callers) expect(buttonVariants({ variant, size, className })).toBe(cn(cvaButton({ variant, size }), className));
  });
});
