import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { inputClass } from './input';

/**
 * The browser's own select, in the kit's look. Forms use it: the phone's native picker is the
 * easiest to use in the field, and it submits with the form like any input. Its own module, so a
 * page with only native selects does not bring the Radix select (and its popper) along.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(inputClass, 'pr-8', className)} {...props} />;
}
