import type { FieldErrors, FieldValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signUpFormSchema } from '@ridgeline/shared/contracts/auth';
import { zodFormResolver } from './form';
import { formIssueText } from '../../lib/error-text';

// Every form validates through the one resolver (components/ui/form.tsx) with lib/error-text's words
// where a contract wrote none. This walks every schema the shared contracts export, fills every field
// (nested ones too) with values a person might leave or type wrong, and reads each error the form
// would show: none may be zod's default words ("Too small: expected string to have >=1 characters").

/** zod's own English, as its default messages start or read. */
const ZOD_DEFAULT_WORDS = /^(Invalid|Too (small|big)|Unrecognized key|Required$)|expected .* (to have|to be|received)|[<>]=\s?\d/;

/** Every shared contract module, by file. */
const CONTRACTS = import.meta.glob<Record<string, unknown>>(['../../../../../packages/shared/src/contracts/*.ts', '!**/*.test.ts'], { eager: true });

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** An input shaped like `schema` with `leaf` in every field, one item in every list, down to depth 4. */
function fill(schema: z.ZodType, leaf: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 4) return leaf;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, fill(field, leaf, depth + 1)]));
    case 'array':
      return def.element ? [fill(def.element, leaf, depth + 1)] : leaf;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType ? fill(def.innerType, leaf, depth) : leaf;
    case 'pipe':
      return def.in ? fill(def.in, leaf, depth) : leaf;
    case 'union':
      return def.options?.[0] ? fill(def.options[0], leaf, depth) : leaf;
    default:
      return leaf;
  }
}

const LEAVES: unknown[] = ['', '   ', 'x'.repeat(20_000), 'not valid @ all', '2026-13-45', -1e15, 1e15, 0.5, true, null, [], {}, 'a'];

/** Every message in a resolver's errors, nested ones included. */
function messagesOf(errors: FieldErrors): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string') found.push(message);
    for (const [key, value] of Object.entries(node)) if (key !== 'ref' && key !== 'message') walk(value);
  };
  walk(errors);
  return found;
}

async function formMessages(schema: z.ZodType, input: unknown): Promise<string[]> {
  const resolver = zodFormResolver(schema as z.ZodType<FieldValues, FieldValues>);
  const result = await resolver(input as FieldValues, undefined, { fields: {}, shouldUseNativeValidation: false });
  return messagesOf(result.errors);
}

function contractSchemas(): [string, z.ZodType][] {
  const schemas: [string, z.ZodType][] = [];
  for (const [file, module] of Object.entries(CONTRACTS)) {
    for (const [name, value] of Object.entries(module)) if (value instanceof z.ZodType) schemas.push([`${file.split('/').at(-1) ?? file}: ${name}`, value]);
  }
  return schemas;
}

describe('form error words', () => {
  it('never shows zod’s default words for any shared contract, whatever a person types or leaves empty', async () => {
    const schemas = contractSchemas();
    expect(schemas.length).toBeGreaterThan(100);
    const offenders = new Set<string>();
    let checked = 0;
    for (const [name, schema] of schemas) {
      if (defOf(schema).type !== 'object') continue;
      for (const leaf of LEAVES) {
        for (const message of await formMessages(schema, fill(schema, leaf))) {
          checked += 1;
          if (ZOD_DEFAULT_WORDS.test(message)) offenders.add(`${name}: ${message}`);
        }
      }
      for (const message of await formMessages(schema, {})) if (ZOD_DEFAULT_WORDS.test(message)) offenders.add(`${name}: ${message}`);
    }
    expect(checked).toBeGreaterThan(1000);
    expect([...offenders]).toEqual([]);
  });

  it('reads as a person would write it on the sign-up form', async () => {
    const messages = await formMessages(signUpFormSchema, { firstName: '', lastName: ' ', companyName: '', phone: '', email: 'dana@', password: 'short' });
    expect(messages).toEqual(expect.arrayContaining(['Fill in this field.', 'Password must be at least 8 characters']));
    for (const message of messages) expect(message).not.toMatch(ZOD_DEFAULT_WORDS);
  });

  it('has words for every kind of issue', () => {
    const issue = (fields: Record<string, unknown>) => formIssueText({ path: [], input: 'x', ...fields } as unknown as z.core.$ZodRawIssue);
    expect(issue({ code: 'too_small', origin: 'string', minimum: 1, input: '' })).toBe('Fill in this field.');
    expect(issue({ code: 'too_small', origin: 'string', minimum: 8 })).toBe('Use at least 8 characters.');
    expect(issue({ code: 'too_big', origin: 'string', maximum: 1200 })).toBe('Use at most 1,200 characters.');
    expect(issue({ code: 'too_small', origin: 'number', minimum: 0, inclusive: true })).toBe('Enter 0 or more.');
    expect(issue({ code: 'too_big', origin: 'number', maximum: 100, inclusive: false })).toBe('Enter a number less than 100.');
    expect(issue({ code: 'too_small', origin: 'array', minimum: 1 })).toBe('Choose at least one.');
    expect(issue({ code: 'invalid_type', expected: 'string', input: undefined })).toBe('Fill in this field.');
    expect(issue({ code: 'invalid_type', expected: 'number', input: 'abc' })).toBe('Enter a number.');
    expect(issue({ code: 'invalid_format', format: 'email', input: 'dana@' })).toBe('Enter a valid email address, like name@example.com.');
    expect(issue({ code: 'invalid_format', format: 'uuid', input: 'x' })).toBe('Choose one from the list.');
    expect(issue({ code: 'invalid_value', values: ['a', 'b'] })).toBe('Choose one of the options.');
    expect(issue({ code: 'not_multiple_of', divisor: 5 })).toBe('Enter a multiple of 5.');
    expect(issue({ code: 'custom' })).toBe('Check this field.');
  });
});
