import type { ReactNode } from 'react';
import { Button } from './ui/button';

/** A form's submit button: disabled, and saying `busyText`, while the form is submitting. */
export function SubmitButton({
  isSubmitting,
  busyText,
  className,
  children,
}: {
  isSubmitting: boolean;
  busyText: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" className={className} disabled={isSubmitting}>
      {isSubmitting ? busyText : children}
    </Button>
  );
}
