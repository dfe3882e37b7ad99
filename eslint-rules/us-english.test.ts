import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints product code with the repository's own config: a British spelling in words a user reads
// must fail `npm run lint`, while names, comments, stored tokens and tests are left alone.
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function britishWords(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'words/us-english' || m.ruleId === 'words/claim-file').map((m) => m.message);
}

describe('the product’s words: US English, and a claim file by one name', () => {
  it.each([
    ['fails', 'a toast', 'apps/web/src/features/x/x.ts', "export const words = ['Phase prioritised', 'Order cancelled'];", 2],
    ['fails', 'JSX text', 'apps/web/src/features/x/x.tsx', 'export const view = <p>Pick a colour from the catalogue</p>;', 2],
    ['fails', 'a template with a value', 'apps/server/src/features/x/x.ts', 'export const reason = (label: string) => `Refund: ${label} cancelled`;', 1],
    ['fails', 'a server error', 'apps/server/src/features/x/x.ts', "export const message = 'Two-storey homes: labour is extra.';", 2],
    [
      'fails',
      'a counted word',
      'apps/web/src/features/x/x.ts',
      "const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;\nexport const words = plural(3, 'project', 'projects');",
      2,
    ],
    ['fails', 'the name of a claim file', 'apps/web/src/features/x/x.tsx', "export const title = 'New Project';\nexport const view = <h1>Projects</h1>;", 2],
    [
      'passes',
      'US spellings',
      'apps/web/src/features/x/x.ts',
      "export const words = ['Canceled', 'Prioritize this phase', 'the catalog', 'labor', 'color'];",
      0,
    ],
    [
      'passes',
      'a stored token and names',
      'apps/web/src/features/x/x.ts',
      "// the colour of cancelled orders\nexport const prioritise = (status: string) => status === 'cancelled';",
      0,
    ],
    ['passes', 'a test', 'apps/web/src/features/x/x.test.ts', "export const name = 'prioritises the phase';", 0],
  ])('%s for %s', async (_verdict, _name, file, code, count) => {
    expect(await britishWords(file, code)).toHaveLength(count);
  });
});
