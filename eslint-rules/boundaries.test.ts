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

describe('import boundaries', () => {
  it.each([
    ['a web feature imports another feature', 'apps/web/src/features/team/x.tsx', "import { x } from '../profile/api/me-api';"],
    ['a web feature imports the app layer', 'apps/web/src/features/team/x.tsx', "import { x } from '../../app/router';"],
    ['web lib imports a feature', 'apps/web/src/lib/x.ts', "import { x } from '../features/auth/auth-api';"],
    ['web components import a feature', 'apps/web/src/components/ui/x.tsx', "import { x } from '../../features/team/team-page';"],
    ['the web app imports the server', 'apps/web/src/lib/x.ts', "import { x } from '../../../server/src/lib/app-error';"],
    ['http middleware imports a feature', 'apps/server/src/http/middleware/x.ts', "import { x } from '../../features/company/company.repository';"],
    ['http middleware imports a feature type', 'apps/server/src/http/middleware/x.ts', "import type { x } from '../../features/auth/auth';"],
    ['infra imports a feature', 'apps/server/src/infra/jobs/x.ts', "import { x } from '../../features/company/team.service';"],
    ['lib imports infra', 'apps/server/src/lib/x.ts', "import { x } from '../infra/db/client';"],
    ['a server feature imports another feature', 'apps/server/src/features/admin/x.ts', "import { x } from '../auth/auth.gateway';"],
    ['the app assembly imports a service', 'apps/server/src/http/app.ts', "import { x } from '../features/company/company.service';"],
    ['shared imports an app', 'packages/shared/src/domain/x.ts', "import { x } from '../../../../apps/server/src/lib/app-error';"],
  ])('fails when %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ['a web feature imports lib, components and shared', 'apps/web/src/features/team/x.tsx', "import { x } from '../../lib/api-client';\nimport { y } from '../../components/ui/button';\nimport { z } from '@ridgeline/shared/domain/users';\nexport const w = [y, z];"],
    ['a web feature imports its own files', 'apps/web/src/features/team/x.tsx', "import { x } from './api/team-api';"],
    ['the web app layer composes features', 'apps/web/src/app/x.tsx', "import { x } from '../features/team/team-page';"],
    ['a server feature imports http, infra and lib', 'apps/server/src/features/team/x.ts', "import { x } from '../../http/middleware/auth';\nimport { y } from '../../infra/db/client';\nimport { z } from '../../lib/app-error';\nexport const w = [y, z];"],
    ['the app assembly mounts routes', 'apps/server/src/http/app.ts', "import { x } from '../features/company/company.routes';"],
    ['a test uses the test helpers', 'apps/server/src/features/team/x.test.ts', "import { x } from '../../test/test-server';"],
  ])('passes when %s', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
