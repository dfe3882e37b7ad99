import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@ridgeline/shared/contracts/dashboard';
import { carriers, projectActivity, projects } from '../infra/db/schema/index';
import { signedInOwner } from '../test/factories';
import { useTestServer } from '../test/use-test-server';
import { seedDemoClaims } from './demo-claims';

const server = useTestServer();

describe('the demo claim book', () => {
  it('fills a company with carriers and claim files across the pipeline, through the services', async () => {
    const owner = await signedInOwner(server);
    const actor = { userId: owner.me.id, email: owner.email, role: 'contractor' as const, sessionId: 'seed-demo', impersonatedBy: null };
    expect(await seedDemoClaims(server.db, actor, { companyId: owner.company.id, role: 'owner' }, [owner.me.id])).toBe(8);

    const rows = await server.db.select().from(projects).where(eq(projects.companyId, owner.company.id));
    expect(rows).toHaveLength(8);
    expect(rows.filter((row) => row.isActive)).toHaveLength(7);
    expect(new Set(rows.map((row) => row.lossType))).toEqual(new Set(['hail_wind', 'hail', 'wind', 'roof_leak']));
    expect(await server.db.select().from(carriers).where(eq(carriers.companyId, owner.company.id))).toHaveLength(3);
    expect((await server.db.select().from(projectActivity).where(eq(projectActivity.companyId, owner.company.id))).length).toBeGreaterThanOrEqual(8);

    // The owner's dashboard shows it: the active files, a task overdue.
    const dashboard = (await owner.client.get<Dashboard>('/api/dashboard')).body;
    expect(dashboard.activeFiles.active).toBe(7);
    expect(dashboard.overdueCount).toBe(2);
  });
});
