import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from '../../lib/app-error';
import { describeZodError } from './errors';

/** Validates one part of the request against a shared zod contract; failures are 400s in the error shape. */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw AppError.badRequest(describeZodError(result.error));
  });
}
