import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

// Every button and button-looking link of the app. The default and large sizes are at least 44 px
// high: the app is used on roofs with gloves, and that is the smallest target a thumb hits reliably.
export const buttonVariants = cva(
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
      size: {
        default: 'min-h-11 px-4 py-2',
        sm: 'min-h-9 px-3 py-1.5',
        lg: 'min-h-12 px-6 py-3 text-base',
        icon: 'size-11',
        inline: 'p-0',
      },
    },
    defaultVariants: { variant: 'primary', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/** A button; `asChild` lends its look to the one child (a router Link, an anchor). */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={cn(buttonVariants({ variant, size }), className)} {...props} />;
  return <button type={type ?? 'button'} className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
