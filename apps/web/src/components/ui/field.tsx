import { Slot } from '@radix-ui/react-slot';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

type FieldProps = {
  /** The control's id: the label points at it, the error and hint ids derive from it. */
  id: string;
  label: ReactNode;
  /** Help under the control, read with it by screen readers. */
  hint?: ReactNode;
  error?: string;
  /** The id of a hint rendered elsewhere on the page, also read with the control. */
  describedBy?: string;
  className?: string;
  labelClassName?: string;
  /** The one control (Input, Textarea, NativeSelect…): it receives id, aria-invalid and aria-describedby. */
  children: ReactNode;
};

/**
 * A labelled control with its error and hint tied to it: aria-invalid when there is an error, and
 * aria-describedby naming the error first and then the hint, so both are announced.
 */
export function Field({ id, label, hint, error, describedBy, className, labelClassName, children }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error ? errorId : null, hint ? hintId : null, describedBy ?? null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      <Slot id={id} aria-invalid={error ? true : undefined} aria-describedby={described}>
        {children}
      </Slot>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
