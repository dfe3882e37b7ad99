import { z } from 'zod';

/** An optional text box (or a "none" choice) of a form, checked by the contract's `schema`: empty is null. */
export const blankIsNull = <S extends z.ZodType<unknown, string | null>>(schema: S) =>
  z
    .string()
    .transform((value): string | null => (value.trim() === '' ? null : value))
    .pipe(schema);
