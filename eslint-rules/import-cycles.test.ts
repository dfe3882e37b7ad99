import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints the fixture's two files, which import each other, with the repository's own lint config and
// inline directives off (the fixture's directives keep `npm run lint` green): a cycle must fail the
// lint, not just be written down.
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root, allowInlineConfig: false });

async function cycleErrors(files: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(files.map((file) => `${root}${file}`));
  return results.flatMap((result) =>
    result.messages.filter((m) => m.ruleId === 'import-x/no-cycle').map((m) => `${result.filePath.slice(root.length)}:${m.line} ${m.message}`),
  );
}

describe('import cycles', () => {
  it('fails when two modules import each other', async () => {
    expect(await cycleErrors(['eslint-rules/fixtures/cycle/first.ts', 'eslint-rules/fixtures/cycle/second.ts'])).toEqual([
      'eslint-rules/fixtures/cycle/first.ts:5 Dependency cycle detected',
      'eslint-rules/fixtures/cycle/second.ts:3 Dependency cycle detected',
    ]);
  });

  it('passes when the way back is a type-only import', async () => {
    expect(await cycleErrors(['eslint-rules/fixtures/type-only/left.ts', 'eslint-rules/fixtures/type-only/right.ts'])).toEqual([]);
  });
});
