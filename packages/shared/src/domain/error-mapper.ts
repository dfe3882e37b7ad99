import type { ErrorResult } from './errors';

// Errors mapped by message content, each with a generated request id, and logged.
const RULES: { test: (message: string, status: number | null) => boolean; code: string; message: string }[] = [
  { test: (m) => m.includes('network') || m.includes('fetch'), code: 'NETWORK_ERROR', message: 'Network error. Please check your connection and try again.' },
  { test: (m) => m.includes('unauthorized') || m.includes('auth'), code: 'AUTH_ERROR', message: 'Authentication required. Please sign in and try again.' },
  { test: (m) => m.includes('forbidden') || m.includes('permission'), code: 'PERMISSION_ERROR', message: 'You do not have permission to perform this action.' },
  { test: (m) => m.includes('validation') || m.includes('invalid'), code: 'VALIDATION_ERROR', message: 'Please check your input and try again.' },
  { test: (m, status) => m.includes('server') || (status !== null && status >= 500), code: 'SERVER_ERROR', message: 'Server error. Please try again later.' },
];
const UNKNOWN = { code: 'UNKNOWN_ERROR', message: 'An unexpected error occurred. Please try again.' };

function describe(error: unknown): { message: string; status: number | null } {
  if (error instanceof Error || (typeof error === 'object' && error !== null)) {
    const { message, status } = error as { message?: unknown; status?: unknown };
    return { message: typeof message === 'string' ? message : '', status: typeof status === 'number' ? status : null };
  }
  return { message: typeof error === 'string' ? error : '', status: null };
}

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Maps any error to the one Error result (message, code, timestamp, requestId) and logs it. */
export function mapError(
  error: unknown,
  options: { makeId?: () => string; log?: (result: ErrorResult, error: unknown) => void; now?: () => Date } = {},
): ErrorResult {
  const { message, status } = describe(error);
  const lower = message.toLowerCase();
  const rule = RULES.find((r) => r.test(lower, status)) ?? UNKNOWN;
  const result: ErrorResult = {
    message: rule.message,
    code: rule.code,
    timestamp: (options.now ?? (() => new Date()))().toISOString(),
    requestId: (options.makeId ?? randomId)(),
  };
  (options.log ?? ((r, e) => console.error(`[${r.code}] ${r.requestId}`, e)))(result, error);
  return result;
}
