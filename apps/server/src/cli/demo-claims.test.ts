import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Analytics } from '@ridgeline/shared/contracts/analytics';
import type { ClaimLedger } from '@ridgeline/shared/contracts/ledger';
import type { Dashboard } from '@ridgeline/shared/contracts/dashboard';
import { carriers, projectActivity, projects } from '../infra/db/schema/index';
import { signedInOwner } from '../test/factories';
import { useTestServer } from '../test/use-test-server';
import { seedDemoClaims } from './demo-claims';

const server = useTestServer({ API_WRITE_LIMIT: '100000' });

describe('the demo claim book', () => {
  it('fills a company with months of claim files through the services, and every analytics panel has something to show', async () => {
    const owner = await signedInOwner(server);
    const actor = { userId: owner.me.id, email: owner.email, role: 'contractor' as const, sessionId: 'seed-demo', impersonatedBy: null };
    expect(await seedDemoClaims(server.db, actor, { companyId: owner.company.id, role: 'owner' }, [owner.me.id])).toBe(14);

    const rows = await server.db.select().from(projects).where(eq(projects.companyId, owner.company.id));
    expect(rows).toHaveLength(14);
    expect(rows.filter((row) => row.isActive)).toHaveLength(12);
    for (const type of ['hail_wind', 'hail', 'wind', 'roof_leak']) expect(rows.map((row) => row.lossType)).toContain(type);
    // Opened over eight months, not all today.
    const opened = rows.map((row) => row.createdAt.getTime());
    expect(Math.max(...opened) - Math.min(...opened)).toBeGreaterThan(200 * 86_400_000);
    expect(await server.db.select().from(carriers).where(eq(carriers.companyId, owner.company.id))).toHaveLength(3);
    expect((await server.db.select().from(projectActivity).where(eq(projectActivity.companyId, owner.company.id))).length).toBeGreaterThanOrEqual(14);

    // The owner's dashboard shows it: the active files, a task overdue.
    const dashboard = (await owner.client.get<Dashboard>('/api/dashboard')).body;
    expect(dashboard.activeFiles.active).toBe(12);
    expect(dashboard.overdueCount).toBe(2);

    // Every panel of /analytics has figures, and the carriers differ.
    const response = await owner.client.get<Analytics>('/api/analytics');
    expect(response.status, response.text).toBe(200);
    const analytics = response.body;
    expect(analytics.approvalByCarrier).toHaveLength(3);
    expect(new Set(analytics.approvalByCarrier.map((row) => row.percent)).size).toBeGreaterThan(1);
    expect(analytics.approvalByLossType.length).toBeGreaterThan(1);
    expect(analytics.supplements).toMatchObject({ requested: 4, approved: 2, denied: 1 });
    for (const row of analytics.cycleTimes) expect(row.claimFiles, row.key).toBeGreaterThan(0);
    expect(analytics.pipelineByStatus.filter((row) => row.claimFiles > 0).length).toBeGreaterThan(6);
    expect(analytics.daysInStatus.filter((row) => row.stays > 0 && (row.averageDays ?? 0) > 0).length).toBeGreaterThan(4);
    expect(new Set(analytics.weeklyActivity.filter((row) => row.inspections > 0).map((row) => row.week)).size).toBeGreaterThan(6);
    expect(analytics.revenueByMonth.filter((row) => row.receivedCents > 0).length).toBeGreaterThan(3);

    // Each ledger agrees with its claim file's status: nothing the Money tab would call out.
    for (const row of rows) {
      const ledger = (await owner.client.get<ClaimLedger>(`/api/projects/${row.id}/ledger`)).body;
      expect(ledger.statusDisagreements, row.title).toEqual([]);
      expect(ledger.summary.issues, row.title).toEqual([]);
    }
  });
});
