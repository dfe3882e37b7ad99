import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints deliberately wrong (and right) imports with the repository's own lint config: the
// boundaries of docs/ARCHITECTURE.md must fail `npm run lint`, not just be written down.
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

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
  ])('%s when %s', async (verdict, _name, file, code) => {
    expect(await boundaryErrors(file, code)).toHaveLength(verdict === 'fails' ? 1 : 0);
  });
});
