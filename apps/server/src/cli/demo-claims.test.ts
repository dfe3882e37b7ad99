import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Analytics } from '@ridgeline/shared/contracts/analytics';
import { inspectionSessionSchema, type InspectionSession } from '@ridgeline/shared/contracts/inspections';
import type { ClaimLedger } from '@ridgeline/shared/contracts/ledger';
import type { Dashboard } from '@ridgeline/shared/contracts/dashboard';
import { reportDetailResponseSchema, shotReadinessSchema } from '@ridgeline/shared/contracts/documents';
import { estimateListSchema, measurementListSchema } from '@ridgeline/shared/contracts/estimating';
import { photoListSchema, type PhotoList } from '@ridgeline/shared/contracts/photos';
import { buildShotList, shotListCompleteness } from '@ridgeline/shared/domain/shot-list';
import { readImageHeader } from '../infra/images/images';
import { carriers, inspectionPhotos, inspectionSessions, projectActivity, projects } from '../infra/db/schema/index';
import { signedInOwner } from '../test/factories';
import { useTestServer } from '../test/use-test-server';
import { seedDemoClaims } from './demo-claims';

const server = useTestServer({ API_WRITE_LIMIT: '100000' });

describe('the demo claim book', () => {
  it('fills a company with months of claim files through the services, and every analytics panel has something to show', async () => {
    // An Oklahoma City company, as the demo's.
    const owner = await signedInOwner(server, { address: '1200 Storm Chaser Way, Oklahoma City, OK 73102' });
    const actor = { userId: owner.me.id, email: owner.email, role: 'contractor' as const, sessionId: 'seed-demo', impersonatedBy: null };
    expect(await seedDemoClaims(server.db, actor, { companyId: owner.company.id, role: 'owner' }, [owner.me.id], server.deps.storage)).toBe(14);

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

    // Every inspection walked its shot list with photos stored as the phone's uploads are: both
    // thumbnails made and in the file store, the camera's time and place read from the files, on or
    // after the date of loss and at the property, so no photo carries a provenance flag.
    const sessions = await server.db.select().from(inspectionSessions).where(eq(inspectionSessions.companyId, owner.company.id));
    expect(sessions).toHaveLength(13);
    const stored = await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.companyId, owner.company.id));
    for (const row of sessions) {
      const project = rows.find((candidate) => candidate.id === row.projectId);
      expect(project?.latitude, row.street).not.toBeNull();
      const session = inspectionSessionSchema.parse((await owner.client.get<InspectionSession>(`/api/inspections/${row.id}`)).body);
      const photos = photoListSchema.parse((await owner.client.get<PhotoList>(`/api/inspections/${row.id}/photos`)).body).photos;
      expect(photos.length, row.street).toBeGreaterThanOrEqual(12);
      expect(session.photoCount, row.street).toBe(photos.length);
      const gallery = photoListSchema.parse((await owner.client.get<PhotoList>(`/api/projects/${project?.id ?? ''}/photos`)).body).photos;
      expect(gallery.map((photo) => photo.id).sort(), row.street).toEqual(photos.map((photo) => photo.id).sort());
      // The photo report and the claim packet ask for the same shots: nothing is missing.
      expect(shotReadinessSchema.parse((await owner.client.get(`/api/reports/readiness?projectId=${project?.id ?? ''}`)).body).missing, row.street).toEqual([]);
      const shotList = buildShotList(session.structures, photos);
      expect(shotListCompleteness(shotList).complete, row.street).toBe(true);
      for (const phase of shotList) if (phase.chosen) expect(phase.photoCount, `${row.street} ${phase.phase}`).toBeGreaterThan(0);
      expect(
        session.structures.flatMap((structure) => structure.slopes).every((slope) => slope.testSquareHits !== null),
        row.street,
      ).toBe(true);
      for (const photo of photos) {
        const what = `${row.street}: ${photo.fileName} (${photo.subcategory ?? photo.category})`;
        expect(photo.flags, what).toEqual([]);
        expect({ metadataRead: photo.metadataRead, small: photo.thumbSmallUrl !== null, large: photo.thumbLargeUrl !== null }, what).toEqual({
          metadataRead: true,
          small: true,
          large: true,
        });
        expect({ mimeType: photo.mimeType, width: photo.width, height: photo.height, origin: photo.origin }, what).toEqual({
          mimeType: 'image/jpeg',
          width: 1600,
          height: 1200,
          origin: 'camera',
        });
        expect({ time: photo.capturedAtSource, place: photo.gpsSource }, what).toEqual({ time: 'exif', place: 'exif' });
        expect((photo.capturedAt ?? '') >= (project?.dateOfLoss ?? '9999-12-31'), what).toBe(true);
        expect(new Date(photo.receivedAt).getTime(), what).toBeLessThan(Date.now() - 86_400_000);
      }
      // Its roof measured and estimated: the formula lines, the gutters priced with their photos, O&P on,
      // no ice barrier at the eaves of an Oklahoma company's roofs, dated with the visit.
      const measured = measurementListSchema.parse((await owner.client.get(`/api/measurements?sessionId=${row.id}`)).body).measurements;
      expect(measured, row.street).toHaveLength(1);
      const [estimate, ...older] = estimateListSchema.parse((await owner.client.get(`/api/estimates?sessionId=${row.id}`)).body).estimates;
      expect(older, row.street).toEqual([]);
      expect(estimate?.opEnabled, row.street).toBe(true);
      expect(estimate?.totals.rcvCents ?? 0, row.street).toBeGreaterThan(500_000);
      const gutters = estimate?.lines.find((line) => line.code === 'gutters');
      expect(gutters?.photoIds.length ?? 0, row.street).toBeGreaterThan(0);
      for (const id of gutters?.photoIds ?? [])
        expect(
          photos.map((photo) => photo.id),
          row.street,
        ).toContain(id);
      expect(
        estimate?.lines.find((line) => line.code === 'ice_water'),
        row.street,
      ).toBeUndefined();
      expect(new Date(estimate?.createdAt ?? Date.now()).getTime(), row.street).toBeLessThan(Date.now() - 86_400_000);
    }
    expect(stored.length).toBeGreaterThan(13 * 12);
    for (const photo of stored) {
      expect(photo.thumbSmallPath && photo.thumbLargePath, photo.fileName).toBeTruthy();
      for (const [path, side] of [
        [photo.filePath, 1600],
        [photo.thumbSmallPath ?? '', 400],
        [photo.thumbLargePath ?? '', 1600],
      ] as const) {
        const object = await server.deps.storage.get('project-files', path);
        expect(object?.contentType, path).toBe('image/jpeg');
        const header = object ? await readImageHeader(object.body) : null;
        expect(header && Math.max(header.width, header.height), path).toBe(side);
      }
    }

    // A photo report of the largest inspection (a house and a detached garage) renders with no reason asked.
    const vega = rows.find((row) => row.homeownerName === 'Marisol Vega');
    const made = await owner.client.post('/api/reports', { kind: 'photo', projectId: vega?.id, layout: 2 });
    expect(made.status, made.text).toBe(201);
    const reportId = reportDetailResponseSchema.parse(made.body).report.id;
    await expect
      .poll(async () => reportDetailResponseSchema.parse((await owner.client.get(`/api/reports/${reportId}`)).body).report.status, {
        timeout: 60_000,
        interval: 250,
      })
      .toMatch(/^(ready|failed)$/);
    expect(reportDetailResponseSchema.parse((await owner.client.get(`/api/reports/${reportId}`)).body).report).toMatchObject({ status: 'ready', error: null });
  }, 180_000);
});
