import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ERROR_CODES, errorBodySchema, errorStatus, isErrorCode } from '@ridgeline/shared/domain/errors';
import { AppError } from '../../lib/app-error';
import { createLogger } from '../../lib/logger';
import type { AppEnv } from '../context';
import { rejectUnsafeText } from './control-characters';
import { handleError } from './errors';
import { runGates } from './gate';
import { requestId } from './request-id';

// The catalogue against what the server really sends: every code, one shape, the code's status.

function appThrowing(make: (path: string) => Error) {
  const app = new Hono<AppEnv>();
  app.use(requestId);
  app.onError(handleError(createLogger('silent')));
  app.get('/fail/:what', (c) => {
    throw make(c.req.param('what'));
  });
  return app;
}

describe('error catalogue', () => {
  it('sends every catalogue code with its status, its words and the one shape', async () => {
    const app = appThrowing((code) => (isErrorCode(code) ? new AppError(code) : new Error('not a code')));
    for (const code of ERROR_CODES) {
      const response = await app.request(`/fail/${code}`);
      const body: unknown = await response.json();
      expect(response.status, code).toBe(errorStatus(code));
      const parsed = errorBodySchema.strict().parse(body);
      expect(Object.keys(parsed.error).sort()).toEqual(['code', 'message', 'requestId', 'timestamp']);
      expect(parsed.error).toMatchObject({ code, message: ERROR_CATALOGUE[code].message });
      expect(response.headers.get('X-Request-Id')).toBe(parsed.error.requestId);
    }
  });

  it('maps HTTP exceptions to the generic code of their status, sent with that status', async () => {
    const app = appThrowing((status) => new HTTPException(Number(status) as 400, { message: 'Malformed JSON in request body' }));
    for (const status of [400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500, 502]) {
      const response = await app.request(`/fail/${status}`);
      const { error } = errorBodySchema.parse(await response.json());
      expect(isErrorCode(error.code), error.code).toBe(true);
      expect(response.status).toBe(status);
      if (isErrorCode(error.code)) expect(errorStatus(error.code)).toBe(status);
    }
    const odd = await app.request('/fail/418');
    const { error } = errorBodySchema.parse(await odd.json());
    expect([odd.status, error.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('has every error code the server source names', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const sources = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'))
      .map((file) => readFileSync(join(root, file), 'utf8'));
    // Where a code is written: AppError's first argument or a factory's code argument, the error
    // helpers, status-to-code tables, `code: '...'` fields and ErrorCode-typed defaults.
    const patterns = [
      /new AppError\(\s*'([A-Z][A-Z0-9_]+)'/g,
      /AppError\.\w+\([^;]*?,\s*'([A-Z][A-Z0-9_]+)'\s*\)/g,
      /error(?:Response|Body)\(\s*c\s*,\s*'([A-Z][A-Z0-9_]+)'/g,
      /\b\d{3}:\s*'([A-Z][A-Z0-9_]+)'/g,
      /\bcode:\s*'([A-Z][A-Z0-9_]+)'/g,
      /ErrorCode\s*=\s*'([A-Z][A-Z0-9_]+)'/g,
      /ErrorCode> = \{([^}]*)\}/g,
    ];
    const found = new Set<string>();
    for (const source of sources) {
      for (const pattern of patterns) {
        for (const match of source.matchAll(pattern)) {
          const text = match[1] ?? '';
          for (const literal of text.includes(':') ? text.matchAll(/:\s*'([A-Z][A-Z0-9_]+)'/g) : [[text, text]]) found.add(literal[1] ?? '');
        }
      }
    }
    expect(found.size).toBeGreaterThan(20);
    expect([...found].filter((code) => !isErrorCode(code))).toEqual([]);
  });
});

describe('a body nested deeper than any real one', () => {
  it('is refused with 400 JSON_TOO_DEEP and logged once, at warn, without a stack', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const app = new Hono<AppEnv>();
    app.use(requestId);
    app.onError(handleError(createLogger('info', stream)));
    app.use(runGates([rejectUnsafeText]));
    app.post('/api/anything', (c) => c.json({ ok: true }));

    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const response = await app.request('/api/anything', { method: 'POST', body: deep, headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(400);
    const { error } = errorBodySchema.parse(await response.json());
    expect(error).toMatchObject({ code: 'JSON_TOO_DEEP', message: ERROR_CATALOGUE.JSON_TOO_DEEP.message });
    expect(lines).toEqual([expect.objectContaining({ level: 40, code: 'JSON_TOO_DEEP', method: 'POST', path: '/api/anything', requestId: error.requestId })]);
    expect(JSON.stringify(lines)).not.toContain('stack');

    // 64 levels is a body like any other.
    const deepest = `${'['.repeat(64)}${']'.repeat(64)}`;
    expect((await app.request('/api/anything', { method: 'POST', body: deepest, headers: { 'Content-Type': 'application/json' } })).status).toBe(200);
    expect(lines).toHaveLength(1);
  });
});
