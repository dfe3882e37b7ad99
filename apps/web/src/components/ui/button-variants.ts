import { withBase } from '../../lib/with-base';

// The look of every button and button-looking link. The default and large sizes are at least 44 px
// high: the app is used on roofs with gloves, and that is the smallest target a thumb hits reliably.
// Buttons are on the signed-in first load (the placeholder pages' link back): the variants are a plain
// lookup and the merge the light one (lib/with-base.ts), not class-variance-authority and tailwind-merge.
export const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:pointer-events-none disabled:opacity-60 [&_svg]:shrink-0';
export const BUTTON_VARIANTS = {
  primary: 'bg-blue-800 text-white hover:bg-blue-900',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  'destructive-outline': 'border border-red-300 bg-white text-red-800 hover:bg-red-50',
  ghost: 'text-slate-800 hover:bg-slate-100',
  link: 'text-blue-800 underline-offset-2 hover:underline',
};
export const BUTTON_SIZES = {
  default: 'min-h-11 px-4 py-2',
  sm: 'min-h-9 px-3 py-1.5',
  lg: 'min-h-12 px-6 py-3 text-base',
  icon: 'size-11',
  inline: 'p-0',
};

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;
export type ButtonSize = keyof typeof BUTTON_SIZES;
export type ButtonVariantProps = { variant?: ButtonVariant | null; size?: ButtonSize | null };

/** A button's classes: the base, then the variant and size over it, then the caller's className over those. */
export function buttonVariants({ variant, size, className }: ButtonVariantProps & { className?: string } = {}): string {
  return withBase(withBase(BUTTON_BASE, `${BUTTON_VARIANTS[variant ?? 'primary']} ${BUTTON_SIZES[size ?? 'default']}`), className);
}
