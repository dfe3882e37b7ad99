import { useId, type ReactNode } from 'react';
import { get, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { cn } from '../../lib/cn';

// One choice among a few, on the one form path: a fieldset whose legend names the question, each
// option a whole-row label (48 px or more, easy to hit with a thumb) around a native radio, the
// schema's error under the group and tied to it. An option's name is its label alone; its
// description is read after it.

export type RadioOption = { value: string; label: ReactNode; description?: ReactNode };

type Props<T extends FieldValues> = {
  name: Path<T>;
  legend: ReactNode;
  options: readonly RadioOption[];
  /** Keeps the legend for screen readers only (the page's heading already asks the question). */
  hideLegend?: boolean;
  className?: string;
  disabled?: boolean;
};

export function FormRadioGroup<T extends FieldValues>({ name, legend, options, hideLegend = false, className, disabled }: Props<T>) {
  const { register, formState } = useFormContext<T>();
  const id = useId();
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  const errorId = `${id}-error`;
  return (
    <fieldset className={cn('flex flex-col gap-2', className)} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className={hideLegend ? 'sr-only' : 'mb-1 text-sm font-medium text-slate-900'}>{legend}</legend>
      {options.map((option) => {
        const optionId = `${id}-${option.value}`;
        return (
          <label
            key={option.value}
            htmlFor={optionId}
            className="flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border-2 border-slate-300 bg-white px-3 py-3 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600"
          >
            <input
              id={optionId}
              type="radio"
              value={option.value}
              disabled={disabled}
              aria-labelledby={`${optionId}-label`}
              aria-describedby={option.description ? `${optionId}-description` : undefined}
              className="mt-0.5 size-5 shrink-0 accent-blue-800"
              {...register(name)}
            />
            <span className="flex min-w-0 flex-col">
              <span id={`${optionId}-label`} className="text-base font-semibold text-slate-900">
                {option.label}
              </span>
              {option.description && (
                <span id={`${optionId}-description`} className="text-sm text-slate-700">
                  {option.description}
                </span>
              )}
            </span>
          </label>
        );
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
