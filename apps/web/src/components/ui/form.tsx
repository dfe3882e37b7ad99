import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ComponentProps, type ReactNode } from 'react';
import {
  FormProvider,
  get,
  useController,
  useForm,
  useFormContext,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '../../lib/cn';
import { errorText, formIssueText } from '../../lib/error-text';
import { Alert } from './alert';
import { Checkbox } from './checkbox';
import { Field } from './field';
import { Label } from './label';
import { Input } from './input';
import { NativeSelect } from './select';
import { Textarea } from './textarea';

// THE form path: the shared contract's zod schema validates in the browser exactly as the server
// will, react-hook-form holds the values, and every field is a kit Field wired for screen readers.
// A field's error is the contract's words, or lib/error-text's where the contract wrote none (never
// zod's default words).
// A failure of the whole form (the server said no, offline) is the form's root error, shown by
// <FormError>; react-hook-form clears it at the start of each submit. A save puts its failure there in
// lib/error-text's words through showErrorOnForm (a mutation's onError) or submitShowingErrors (an
// awaited write); no form words a server's refusal itself.

type SchemaInput<S extends z.ZodType> = z.input<S> extends FieldValues ? z.input<S> : never;
type SchemaOutput<S extends z.ZodType> = z.output<S> extends FieldValues ? z.output<S> : never;

export type ZodForm<S extends z.ZodType> = UseFormReturn<SchemaInput<S>, unknown, SchemaOutput<S>>;

/** The resolver every form validates with: the schema, and lib/error-text's words where the schema has none. */
export function zodFormResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<SchemaInput<S>, unknown, SchemaOutput<S>> {
  // The resolver's generic types cannot follow a schema type parameter: it is typed by the form's values.
  return zodResolver(schema as never, { error: formIssueText }) as unknown as Resolver<SchemaInput<S>, unknown, SchemaOutput<S>>;
}

/** A react-hook-form form validated by a zod schema (normally the shared contract's). */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<SchemaInput<S>, unknown, SchemaOutput<S>>, 'resolver'> = {},
): ZodForm<S> {
  return useForm<SchemaInput<S>, unknown, SchemaOutput<S>>({ ...options, resolver: zodFormResolver(schema) });
}

type FormProps<In extends FieldValues, Out extends FieldValues> = Omit<ComponentProps<'form'>, 'onSubmit'> & {
  form: UseFormReturn<In, unknown, Out>;
  onSubmit: SubmitHandler<Out>;
};

/** The <form> element with the form's context for its fields; the browser's own validation is off (the schema's words are shown). */
export function Form<In extends FieldValues, Out extends FieldValues>({ form, onSubmit, className, children, ...props }: FormProps<In, Out>) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className={cn('flex flex-col gap-4', className)} {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

type Control = 'input' | 'textarea' | 'select';
type FormFieldProps<T extends FieldValues> = {
  name: Path<T>;
  label: ReactNode;
  hint?: ReactNode;
  describedBy?: string;
  id?: string;
  className?: string;
  labelClassName?: string;
  control?: Control;
  /** The options of a select control. */
  children?: ReactNode;
} & Omit<ComponentProps<'input'> & ComponentProps<'textarea'> & ComponentProps<'select'>, 'name' | 'id' | 'children' | 'className'>;

/** One field of the surrounding <Form>: the label, the control registered under `name`, its error and hint. */
export function FormField<T extends FieldValues>({
  name,
  label,
  hint,
  describedBy,
  id,
  className,
  labelClassName,
  control = 'input',
  children,
  ...props
}: FormFieldProps<T>) {
  const { register, formState } = useFormContext<T>();
  const generated = useId();
  const fieldId = id ?? `field-${generated}`;
  const error = (get(formState.errors, name) as { message?: string } | undefined)?.message;
  const registered = register(name);
  return (
    <Field id={fieldId} label={label} hint={hint} error={error} describedBy={describedBy} className={className} labelClassName={labelClassName}>
      {control === 'textarea' ? (
        <Textarea {...(props as ComponentProps<'textarea'>)} {...registered} />
      ) : control === 'select' ? (
        <NativeSelect {...(props as ComponentProps<'select'>)} {...registered}>
          {children}
        </NativeSelect>
      ) : (
        <Input {...(props as ComponentProps<'input'>)} {...registered} />
      )}
    </Field>
  );
}

/** A yes/no field of the surrounding <Form>: the kit's checkbox with its label beside it. */
export function FormCheckbox<T extends FieldValues>({ name, label, id }: { name: Path<T>; label: ReactNode; id?: string }) {
  const {
    field: { value, onChange, onBlur },
  } = useController<T>({ name });
  const generated = useId();
  const fieldId = id ?? `field-${generated}`;
  return (
    <div className="flex min-h-11 items-center gap-2">
      <Checkbox id={fieldId} checked={Boolean(value)} onCheckedChange={(checked) => onChange(checked === true)} onBlur={onBlur} />
      <Label htmlFor={fieldId} className="font-normal text-slate-900">
        {label}
      </Label>
    </div>
  );
}

/** Any form, for its root error: react-hook-form's setError takes 'root' whatever the fields. */
export type RootErrorForm = { setError: (name: 'root', error: { message: string }) => void };

/** A mutation's onError for a form: the failure under the form (its root error), in lib/error-text's words. */
export const showErrorOnForm =
  (form: RootErrorForm) =>
  (error: unknown): void =>
    form.setError('root', { message: errorText(error) });

/**
 * Runs `write` (the awaited save and what follows it); what it throws is shown under the form in
 * lib/error-text's words and passed to `onFailed` (an error toast, for one).
 */
export async function submitShowingErrors(form: RootErrorForm, write: () => Promise<void>, onFailed?: (message: string) => void): Promise<void> {
  try {
    await write();
  } catch (error) {
    const message = errorText(error);
    form.setError('root', { message });
    onFailed?.(message);
  }
}

/** The form's own failure (root error), as an alert. */
export function FormError({ className }: { className?: string }) {
  const { formState } = useFormContext();
  const message = formState.errors.root?.message;
  if (!message) return null;
  return <Alert className={className}>{message}</Alert>;
}
