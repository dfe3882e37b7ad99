import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

export { buttonVariants } from './button-variants';

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps & { asChild?: boolean };

/** A button; `asChild` lends its look to the one child (a router Link, an anchor). */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={buttonVariants({ variant, size, className })} {...props} />;
  return <button type={type ?? 'button'} className={buttonVariants({ variant, size, className })} {...props} />;
}
