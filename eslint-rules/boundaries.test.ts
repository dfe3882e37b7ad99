import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints deliberately wrong (and right) imports with the repository's own lint config: the
// boundaries of docs/ARCHITECTURE.md must fail `npm run lint`, not just be written down.
const root = fileURLToPath(new URL('..', import.meta.url));
// The cycle rule is off here: it would walk every module the imports reach, and import-cycles.test.ts proves it.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'ridgeline/boundaries').map((m) => m.message);
}

// One table: each row is whether linting the import fails or passes, what it is, the importing file and the import.
describe('import boundaries', () => {
  it.each([
    ['fails', 'a web feature imports another feature', 'apps/web/src/features/team/x.tsx', "import { x } from '../profile/api/me-api';"],
    ['fails', 'a web feature imports the app layer', 'apps/web/src/features/team/x.tsx', "import { x } from '../../app/router';"],
    ['fails', 'web lib imports a feature', 'apps/web/src/lib/x.ts', "import { x } from '../features/auth/auth-api';"],
    ['fails', 'web components import a feature', 'apps/web/src/components/ui/x.tsx', "import { x } from '../../features/team/team-page';"],
    ['fails', 'the web app imports the server', 'apps/web/src/lib/x.ts', "import { x } from '../../../server/src/lib/app-error';"],
    ['fails', 'http middleware imports a feature', 'apps/server/src/http/middleware/x.ts', "import { x } from '../../features/company/company.repository';"],
    ['fails', 'http middleware imports a feature type', 'apps/server/src/http/middleware/x.ts', "import type { x } from '../../features/auth/auth';"],
    ['fails', 'infra imports a feature', 'apps/server/src/infra/jobs/x.ts', "import { x } from '../../features/company/team.service';"],
    ['fails', 'lib imports infra', 'apps/server/src/lib/x.ts', "import { x } from '../infra/db/client';"],
    ['fails', 'a server feature imports another feature', 'apps/server/src/features/admin/x.ts', "import { x } from '../auth/auth.gateway';"],
    ['fails', 'the app assembly imports a service', 'apps/server/src/app.ts', "import { x } from './features/company/company.service';"],
    ['fails', 'http imports the app assembly', 'apps/server/src/http/middleware/x.ts', "import { x } from '../../app';"],
    ['fails', 'a feature imports the app assembly', 'apps/server/src/features/company/x.ts', "import { x } from '../../app';"],
    ['fails', 'http imports a feature routes file', 'apps/server/src/http/x.ts', "import { x } from '../features/company/company.routes';"],
    ['fails', 'infra imports the data floor', 'apps/server/src/infra/jobs/x.ts', "import { x } from '../../data/project-lookup';"],
    ['fails', 'lib imports the data floor', 'apps/server/src/lib/x.ts', "import { x } from '../data/project-lookup';"],
    ['fails', 'http imports the data floor', 'apps/server/src/http/middleware/x.ts', "import { x } from '../../data/user-lookup';"],
    ['fails', 'config imports the data floor', 'apps/server/src/config.ts', "import { x } from './data/user-lookup';"],
    ['fails', 'the data floor imports a feature', 'apps/server/src/data/x.ts', "import { x } from '../features/proposals/proposals.repository';"],
    ['fails', 'the data floor imports http', 'apps/server/src/data/x.ts', "import { x } from '../http/context';"],
    ['fails', 'shared imports an app', 'packages/shared/src/domain/x.ts', "import { x } from '../../../../apps/server/src/lib/app-error';"],
    [
      'passes',
      'a web feature imports lib, components and shared',
      'apps/web/src/features/team/x.tsx',
      "import { x } from '../../lib/api-client';\nimport { y } from '../../components/ui/button';\nimport { z } from '@ridgeline/shared/domain/users';\nexport const w = [y, z];",
    ],
    ['passes', 'a web feature imports its own files', 'apps/web/src/features/team/x.tsx', "import { x } from './api/team-api';"],
    ['passes', 'the web app layer composes features', 'apps/web/src/app/x.tsx', "import { x } from '../features/team/team-page';"],
    [
      'passes',
      'a server feature imports http, infra and lib',
      'apps/server/src/features/team/x.ts',
      "import { x } from '../../http/middleware/auth';\nimport { y } from '../../infra/db/client';\nimport { z } from '../../lib/app-error';\nexport const w = [y, z];",
    ],
    ['passes', 'a server feature imports the data floor', 'apps/server/src/features/team/x.ts', "import { x } from '../../data/project-lookup';"],
    [
      'passes',
      'the data floor imports itself, infra and lib',
      'apps/server/src/data/x.ts',
      "import { x } from './project-lookup';\nimport { y } from '../infra/db/client';\nimport { z } from '../lib/app-error';\nexport const w = [y, z];",
    ],
    ['passes', 'a composition root imports the data floor', 'apps/server/src/cli/x.ts', "import { x } from '../data/user-lookup';"],
    ['passes', 'the app assembly mounts routes', 'apps/server/src/app.ts', "import { x } from './features/company/company.routes';"],
    ['passes', 'a test uses the test helpers', 'apps/server/src/features/team/x.test.ts', "import { x } from '../../test/test-server';"],
    // The rule fails closed: a folder (or a file at the top of src/) the table does not list is refused, whatever it imports.
    ['fails', 'a server folder the table does not list imports lib', 'apps/server/src/widgets/x.ts', "import { x } from '../lib/app-error';"],
    ['fails', 'a server folder the table does not list imports only a package', 'apps/server/src/widgets/x.ts', "import { x } from 'zod';"],
    ['fails', 'a server file the table does not list sits beside server.ts', 'apps/server/src/extra.ts', "import { x } from './lib/app-error';"],
    ['fails', 'a web folder the table does not list imports lib', 'apps/web/src/widgets/x.ts', "import { x } from '../lib/api-client';"],
    // Each composition root may import anything in its app.
    ['passes', 'server.ts composes a feature', 'apps/server/src/server.ts', "import { x } from './features/company/company.service';"],
    ['passes', 'main.ts composes a feature', 'apps/server/src/main.ts', "import { x } from './features/company/company.service';"],
    ['passes', 'subscribers.ts composes a feature', 'apps/server/src/subscribers.ts', "import { x } from './features/chat/chat.service';"],
    ['passes', 'a test beside server.ts composes a feature', 'apps/server/src/x.test.ts', "import { x } from './features/company/company.service';"],
    ['passes', 'the server cli composes a feature', 'apps/server/src/cli/x.ts', "import { x } from '../features/company/company.service';"],
    ['passes', 'the server test helpers compose a feature', 'apps/server/src/test/x.ts', "import { x } from '../features/company/company.service';"],
    ['passes', 'the web main.tsx composes a feature', 'apps/web/src/main.tsx', "import { x } from './features/landing/landing-entry';"],
    ['passes', 'the web test setup composes the test helpers', 'apps/web/src/test-setup.ts', "import { x } from './test/fake-server';"],
    ['passes', 'the web test helpers compose a feature', 'apps/web/src/test/x.ts', "import { x } from '../features/team/team-page';"],
    ['passes', 'an http test starts the composed server', 'apps/server/src/http/x.test.ts', "import { x } from '../server';"],
    ['fails', 'http imports the composed server outside a test', 'apps/server/src/http/x.ts', "import { x } from '../server';"],
    ['fails', 'a composition root imports the other app', 'apps/server/src/server.ts', "import { x } from '../../web/src/lib/api-client';"],
  ])('%s when %s', async (verdict, _name, file, code) => {
    expect(await boundaryErrors(file, code)).toHaveLength(verdict === 'fails' ? 1 : 0);
  });

  it.each([
    ['fails', 'a Hono type', "import type { Context } from 'hono';\nexport type X = Context;", 1],
    ['fails', 'drizzle and pg', "import { sql } from 'drizzle-orm';\nimport pg from 'pg';\nexport const x = [sql, pg];", 2],
    [
      'passes',
      'Node, the shared package, zod and pino',
      "import { AsyncLocalStorage } from 'node:async_hooks';\nimport { z } from 'zod';\nimport { pino } from 'pino';\nimport { errorMessage } from '@ridgeline/shared/domain/errors';\nimport { pick } from './pick';\nexport const x = [AsyncLocalStorage, z, pino, errorMessage, pick];",
      0,
    ],
  ])('the server lib/ %s when it imports %s', async (_verdict, _name, code, count) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}apps/server/src/lib/x.ts` });
    expect((result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports')).toHaveLength(count);
  });

  it('names the folder the table does not list', async () => {
    expect(await boundaryErrors('apps/server/src/widgets/x.ts', "import { x } from '../lib/app-error';")).toEqual([
      'Import boundary: apps/server/src/widgets/ is in no layer of the import boundaries: add it to ALLOWED in eslint-rules/boundaries.js with what it may import.',
    ]);
    expect(await boundaryErrors('apps/web/src/extra.tsx', "import { x } from './lib/api-client';")).toEqual([
      'Import boundary: apps/web/src/extra.tsx is in no layer of the import boundaries: add it to ALLOWED in eslint-rules/boundaries.js with what it may import.',
    ]);
  });
});
