import type { InputHTMLAttributes } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string };

/** A labelled input with its error message (and any hint) tied to it for screen readers. */
export function Field({ id, label, error, 'aria-describedby': hint, ...input }: FieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-blue-600"
        {...input}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export const primaryButton =
  'inline-flex w-full items-center justify-center rounded-md bg-blue-800 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-900 disabled:opacity-60';
export const linkButton = 'text-sm font-semibold text-blue-800 hover:underline';
