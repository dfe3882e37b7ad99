import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const alertVariants = cva('rounded-md px-3 py-2 text-sm', {
  variants: {
    tone: {
      error: 'bg-red-50 text-red-800',
      success: 'bg-green-50 text-green-900',
      info: 'bg-blue-50 text-blue-950',
      warning: 'bg-amber-50 text-amber-950',
    },
  },
  defaultVariants: { tone: 'error' },
});

type AlertProps = ComponentProps<'p'> & VariantProps<typeof alertVariants>;
type AlertBoxProps = ComponentProps<'div'> & VariantProps<typeof alertVariants>;

/** A boxed message; an error is an alert (read at once), anything else a status unless the page says otherwise. */
export function Alert({ className, tone, role, ...props }: AlertProps) {
  return <p role={role ?? (tone === 'error' || !tone ? 'alert' : 'status')} className={cn(alertVariants({ tone }), className)} {...props} />;
}

/** The same box holding more than one paragraph (a heading and a list, say); no live role unless given. */
export function AlertBox({ className, tone, ...props }: AlertBoxProps) {
  return <div className={cn(alertVariants({ tone }), className)} {...props} />;
}
