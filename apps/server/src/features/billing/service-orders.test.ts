import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminServiceOrderListSchema,
  adminServiceOrderSchema,
  serviceOrderListSchema,
  serviceOrderSchema,
  type AdminServiceOrder,
  type ServiceOrder,
} from '@ridgeline/shared/contracts/billing';
import { projectFileListSchema } from '@ridgeline/shared/contracts/projects';
import { companies, creditEntries, notifications, projectActivity, projectFiles, serviceOrders } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { appendCreditEntry, creditBalance } from './credit-ledger.repository';

const server = useTestServer();
let ownerA: Awaited<ReturnType<typeof signedInOwner>>;
let managerA: SignedUpUser;
let memberA: SignedUpUser;
let ownerB: Awaited<ReturnType<typeof signedInOwner>>;
let admin: SignedUpUser;

const MISSING = '00000000-0000-4000-8000-000000000000';
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

beforeAll(async () => {
  ownerA = await signedInOwner(server, { name: 'Alpha Roofing' });
  managerA = await signedInUser(server, { company: ownerA.company, role: 'manager' });
  memberA = await signedInUser(server, { company: ownerA.company, role: 'member' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
  admin = await signedInUser(server, { platformAdmin: true });
});

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

/** Credits bought for the company, written the one way the ledger is written. */
async function grant(companyId: string, credits: number): Promise<void> {
  await server.db.transaction((tx) => appendCreditEntry(tx, { companyId, kind: 'purchase', credits, reason: `${credits} credits bought`, actorId: null }));
}

const balanceOf = (companyId: string) => creditBalance(server.db, companyId);
const ordersOf = (companyId: string) => server.db.select().from(serviceOrders).where(eq(serviceOrders.companyId, companyId));
const ledgerOf = (companyId: string) => server.db.select().from(creditEntries).where(eq(creditEntries.companyId, companyId)).orderBy(creditEntries.createdAt);
const activityOf = (projectId: string) =>
  server.db.select().from(projectActivity).where(eq(projectActivity.projectId, projectId)).orderBy(projectActivity.createdAt);

async function order(user: SignedUpUser, projectId: string, body: Record<string, unknown> = { serviceType: 'xact360', notes: '' }): Promise<ServiceOrder> {
  const response = await user.client.post<ServiceOrder>(`/api/projects/${projectId}/service-orders`, body);
  expect(response.status, response.text).toBe(201);
  return serviceOrderSchema.parse(response.body);
}

describe('service orders on a project', () => {
  it('an owner orders an Xact360: the order, the spend on the ledger and the timeline row in one go', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id, { title: '12 Ridge Rd' });
    await grant(ownerA.company.id, 12);

    const created = await order(ownerA, project.id, { serviceType: 'xact360', notes: 'Front slope only' });
    expect(created).toMatchObject({
      projectId: project.id,
      projectTitle: '12 Ridge Rd',
      serviceType: 'xact360',
      serviceName: 'Xact360',
      credits: 4,
      status: 'ordered',
      notes: 'Front slope only',
      orderedBy: 'Robin Slate',
      deliveredFile: null,
      cancelReason: null,
    });
    expect(await balanceOf(ownerA.company.id)).toBe(8);
    const spend = (await ledgerOf(ownerA.company.id)).at(-1);
    expect(spend).toMatchObject({
      kind: 'spend',
      credits: -4,
      balanceAfter: 8,
      reason: 'Xact360 for 12 Ridge Rd',
      serviceOrderId: created.id,
      actorId: ownerA.me.id,
    });
    expect((await activityOf(project.id)).map((row) => [row.kind, row.body])).toContainEqual(['service_ordered', 'Xact360 (4 credits)']);

    // A manager orders too; every member reads the project's orders, newest first.
    const second = await order(managerA, project.id, { serviceType: 'ugo_assisted' });
    expect(second).toMatchObject({ serviceName: 'UGO Assisted', credits: 1, notes: '' });
    expect(await balanceOf(ownerA.company.id)).toBe(7);
    const listed = await memberA.client.get('/api/projects/' + project.id + '/service-orders');
    expect(listed.status, listed.text).toBe(200);
    expect(serviceOrderListSchema.parse(listed.body).orders.map((o) => o.id)).toEqual([second.id, created.id]);
  });

  it('refuses an order the balance cannot cover and writes nothing', async () => {
    const owner = await signedInOwner(server);
    const { company } = owner;
    const project = await insertProjectRow(server.db, company.id);
    await grant(company.id, 3);
    const activityBefore = await activityOf(project.id);

    const refused = await owner.client.post(`/api/projects/${project.id}/service-orders`, { serviceType: 'xact360' });
    expectError(refused, 409, 'INSUFFICIENT_CREDITS');
    expect(await ordersOf(company.id)).toEqual([]);
    expect((await ledgerOf(company.id)).map((row) => row.kind)).toEqual(['purchase']);
    expect(await balanceOf(company.id)).toBe(3);
    expect(await activityOf(project.id)).toEqual(activityBefore);

    // Three credits do buy a Supplement360.
    await order(owner, project.id, { serviceType: 'supplement360' });
    expect(await balanceOf(company.id)).toBe(0);
  });

  it('concurrent orders spend no more than the balance: the ones it cannot cover leave nothing behind', async () => {
    const owner = await signedInOwner(server);
    const project = await insertProjectRow(server.db, owner.company.id);
    await grant(owner.company.id, 8);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => owner.client.post(`/api/projects/${project.id}/service-orders`, { serviceType: 'xact360' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await ordersOf(owner.company.id)).toHaveLength(2);
    expect((await ledgerOf(owner.company.id)).filter((row) => row.kind === 'spend')).toHaveLength(2);
    expect(await balanceOf(owner.company.id)).toBe(0);
  });

  it('members may not order; archived projects take no orders; bad input is a 400', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id);
    await grant(ownerA.company.id, 10);
    const before = await balanceOf(ownerA.company.id);

    expectError(await memberA.client.post(`/api/projects/${project.id}/service-orders`, { serviceType: 'xact360' }), 403, 'FORBIDDEN');
    expectError(await ownerA.client.post(`/api/projects/${project.id}/service-orders`, { serviceType: 'roof_magic' }), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.post(`/api/projects/${project.id}/service-orders`, {}), 400, 'VALIDATION_ERROR');
    expectError(
      await ownerA.client.post(`/api/projects/${project.id}/service-orders`, { serviceType: 'xact360', notes: 'x'.repeat(2001) }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await ownerA.client.post('/api/projects/not-a-uuid/service-orders', { serviceType: 'xact360' }), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.post(`/api/projects/${MISSING}/service-orders`, { serviceType: 'xact360' }), 404, 'NOT_FOUND');

    const archived = await insertProjectRow(server.db, ownerA.company.id, { archivedAt: new Date(), isActive: false });
    expectError(await ownerA.client.post(`/api/projects/${archived.id}/service-orders`, { serviceType: 'xact360' }), 409, 'CONFLICT');

    expect((await ordersOf(ownerA.company.id)).filter((row) => row.projectId === project.id || row.projectId === archived.id)).toEqual([]);
    expect(await balanceOf(ownerA.company.id)).toBe(before);
  });

  it("another company's user gets 404 on the project's orders and on cancel, and changes nothing", async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id);
    await grant(ownerA.company.id, 4);
    const placed = await order(ownerA, project.id);
    await grant(ownerB.company.id, 10);

    expectError(await ownerB.client.get(`/api/projects/${project.id}/service-orders`), 404, 'NOT_FOUND');
    expectError(await ownerB.client.post(`/api/projects/${project.id}/service-orders`, { serviceType: 'xact360' }), 404, 'NOT_FOUND');
    expectError(await ownerB.client.post(`/api/service-orders/${placed.id}/cancel`, { reason: 'Not ours' }), 404, 'NOT_FOUND');

    const [row] = await server.db.select().from(serviceOrders).where(eq(serviceOrders.id, placed.id));
    expect(row?.status).toBe('ordered');
    expect(await ordersOf(ownerB.company.id)).toEqual([]);
    expect(await balanceOf(ownerB.company.id)).toBe(10);
  });

  it('cancelling an order not yet started refunds its credits; once started it stays', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id, { title: '7 Gable Ct' });
    await grant(ownerA.company.id, 8);
    const start = await balanceOf(ownerA.company.id);
    const first = await order(ownerA, project.id);
    const second = await order(ownerA, project.id);
    expect(await balanceOf(ownerA.company.id)).toBe(start - 8);

    expectError(await memberA.client.post(`/api/service-orders/${first.id}/cancel`, { reason: 'Wrong claim' }), 403, 'FORBIDDEN');
    expectError(await ownerA.client.post(`/api/service-orders/${first.id}/cancel`, { reason: '' }), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.post(`/api/service-orders/${first.id}/cancel`, { reason: '   ' }), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.post(`/api/service-orders/${first.id}/cancel`, {}), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.post(`/api/service-orders/${MISSING}/cancel`, { reason: 'Gone' }), 404, 'NOT_FOUND');

    const cancelled = await managerA.client.post<ServiceOrder>(`/api/service-orders/${first.id}/cancel`, { reason: 'Wrong claim' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(serviceOrderSchema.parse(cancelled.body)).toMatchObject({ status: 'cancelled', cancelReason: 'Wrong claim' });
    expect(await balanceOf(ownerA.company.id)).toBe(start - 4);
    const refund = (await ledgerOf(ownerA.company.id)).at(-1);
    expect(refund).toMatchObject({
      kind: 'refund',
      credits: 4,
      reason: 'Refund: Xact360 for 7 Gable Ct canceled',
      serviceOrderId: first.id,
      actorId: managerA.me.id,
    });
    expect((await activityOf(project.id)).map((row) => [row.kind, row.body])).toContainEqual([
      'service_cancelled',
      'Xact360 (4 credits refunded): Wrong claim',
    ]);

    // Cancelled once is closed: no second refund.
    expectError(await ownerA.client.post(`/api/service-orders/${first.id}/cancel`, { reason: 'Again' }), 409, 'SERVICE_ORDER_CLOSED');
    expect(await balanceOf(ownerA.company.id)).toBe(start - 4);

    // The office starts the second: the company can no longer cancel it.
    const started = await admin.client.post(`/api/admin/service-orders/${second.id}/status`, { status: 'in_progress' });
    expect(started.status, started.text).toBe(200);
    expectError(await ownerA.client.post(`/api/service-orders/${second.id}/cancel`, { reason: 'Too late' }), 409, 'SERVICE_ORDER_CLOSED');
    expect(await balanceOf(ownerA.company.id)).toBe(start - 4);
  });
});

describe('a read-only company (its trial ended without a plan)', () => {
  it('reads its orders but cannot order or cancel (402), and nothing is spent', async () => {
    const owner = await signedInOwner(server);
    const project = await insertProjectRow(server.db, owner.company.id);
    await grant(owner.company.id, 8);
    const placed = await order(owner, project.id);
    await server.db
      .update(companies)
      .set({ billingStatus: 'trialing', trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(companies.id, owner.company.id));

    expectError(await owner.client.post(`/api/projects/${project.id}/service-orders`, { serviceType: 'ugo_assisted' }), 402, 'BILLING_READ_ONLY');
    expectError(await owner.client.post(`/api/service-orders/${placed.id}/cancel`, { reason: 'Changed our mind' }), 402, 'BILLING_READ_ONLY');
    const listed = await owner.client.get(`/api/projects/${project.id}/service-orders`);
    expect(listed.status, listed.text).toBe(200);
    expect(serviceOrderListSchema.parse(listed.body).orders.map((o) => [o.id, o.status])).toEqual([[placed.id, 'ordered']]);
    expect(await balanceOf(owner.company.id)).toBe(4);
  });
});

describe("the platform admin's service order queue", () => {
  it('is for platform admins only: every other user gets 403 and nothing changes', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id);
    await grant(ownerA.company.id, 4);
    const placed = await order(ownerA, project.id);
    for (const user of [ownerA, managerA, memberA]) {
      expectError(await user.client.get('/api/admin/service-orders'), 403, 'FORBIDDEN');
      expectError(await user.client.post(`/api/admin/service-orders/${placed.id}/status`, { status: 'in_progress' }), 403, 'FORBIDDEN');
      expectError(await user.client.post(`/api/admin/service-orders/${placed.id}/cancel`, { reason: 'No' }), 403, 'FORBIDDEN');
      expectError(await user.client.put(`/api/admin/service-orders/${placed.id}/delivery?fileName=estimate.pdf`, pdf()), 403, 'FORBIDDEN');
    }
    const [row] = await server.db.select().from(serviceOrders).where(eq(serviceOrders.id, placed.id));
    expect(row).toMatchObject({ status: 'ordered', deliveredFileId: null });
  });

  it("lists every company's orders with the company name, by status", async () => {
    const projectA = await insertProjectRow(server.db, ownerA.company.id);
    const projectB = await insertProjectRow(server.db, ownerB.company.id, { title: 'Bravo job' });
    await grant(ownerA.company.id, 2);
    await grant(ownerB.company.id, 2);
    const fromA = await order(ownerA, projectA.id, { serviceType: 'copy_over_only' });
    const fromB = await order(ownerB, projectB.id, { serviceType: 'ugo_assisted' });
    await admin.client.post(`/api/admin/service-orders/${fromB.id}/status`, { status: 'in_progress' });

    const all = await admin.client.get('/api/admin/service-orders');
    expect(all.status, all.text).toBe(200);
    const orders = adminServiceOrderListSchema.parse(all.body).orders;
    expect(orders.find((o) => o.id === fromA.id)).toMatchObject({ companyId: ownerA.company.id, companyName: 'Alpha Roofing', serviceName: 'Copy-Over' });
    expect(orders.find((o) => o.id === fromB.id)).toMatchObject({ companyName: 'Bravo Siding', projectTitle: 'Bravo job', status: 'in_progress' });

    const inProgress = adminServiceOrderListSchema.parse((await admin.client.get('/api/admin/service-orders?status=in_progress')).body).orders;
    expect(inProgress.every((o) => o.status === 'in_progress')).toBe(true);
    expect(inProgress.map((o) => o.id)).toContain(fromB.id);
    expect(inProgress.map((o) => o.id)).not.toContain(fromA.id);
    expectError(await admin.client.get('/api/admin/service-orders?status=lost'), 400, 'VALIDATION_ERROR');
  });

  it('starts only a waiting order, and cancels one not delivered with a refund', async () => {
    const project = await insertProjectRow(server.db, ownerB.company.id);
    await grant(ownerB.company.id, 3);
    const start = await balanceOf(ownerB.company.id);
    const placed = await order(ownerB, project.id, { serviceType: 'supplement360' });

    expectError(await admin.client.post(`/api/admin/service-orders/${placed.id}/status`, { status: 'delivered' }), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.post(`/api/admin/service-orders/${MISSING}/status`, { status: 'in_progress' }), 404, 'NOT_FOUND');
    const started = await admin.client.post<AdminServiceOrder>(`/api/admin/service-orders/${placed.id}/status`, { status: 'in_progress' });
    expect(adminServiceOrderSchema.parse(started.body).status).toBe('in_progress');
    expectError(await admin.client.post(`/api/admin/service-orders/${placed.id}/status`, { status: 'in_progress' }), 409, 'SERVICE_ORDER_CLOSED');

    expectError(await admin.client.post(`/api/admin/service-orders/${placed.id}/cancel`, { reason: '' }), 400, 'VALIDATION_ERROR');
    const cancelled = await admin.client.post<AdminServiceOrder>(`/api/admin/service-orders/${placed.id}/cancel`, { reason: 'Photos missing' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(adminServiceOrderSchema.parse(cancelled.body)).toMatchObject({ status: 'cancelled', cancelReason: 'Photos missing' });
    expect(await balanceOf(ownerB.company.id)).toBe(start);
    expect((await ledgerOf(ownerB.company.id)).at(-1)).toMatchObject({ kind: 'refund', credits: 3, actorId: admin.me.id });
    expectError(await admin.client.post(`/api/admin/service-orders/${placed.id}/cancel`, { reason: 'Twice' }), 409, 'SERVICE_ORDER_CLOSED');
    expect(await balanceOf(ownerB.company.id)).toBe(start);
  });

  it("delivers a file to the order's project: listed in its files, the order delivered, the orderer told; twice is refused", async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id, { title: '40 Hip Ln' });
    await grant(ownerA.company.id, 4);
    const placed = await order(managerA, project.id);

    expectError(
      await admin.client.put(`/api/admin/service-orders/${placed.id}/delivery?fileName=run.exe`, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256)])),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(await admin.client.put(`/api/admin/service-orders/${placed.id}/delivery`, pdf()), 400, 'VALIDATION_ERROR');
    expectError(await admin.client.put(`/api/admin/service-orders/${MISSING}/delivery?fileName=estimate.pdf`, pdf()), 404, 'NOT_FOUND');

    const delivered = await admin.client.put<AdminServiceOrder>(`/api/admin/service-orders/${placed.id}/delivery?fileName=Xact360%20estimate.pdf`, pdf());
    expect(delivered.status, delivered.text).toBe(200);
    const body = adminServiceOrderSchema.parse(delivered.body);
    expect(body).toMatchObject({ status: 'delivered', deliveredFile: { id: expect.any(String), fileName: 'Xact360 estimate.pdf' } });

    // The company sees the file among the project's files and on the order.
    const files = await memberA.client.get(`/api/projects/${project.id}/files`);
    expect(files.status, files.text).toBe(200);
    const listed = projectFileListSchema.parse(files.body).files;
    expect(listed.map((file) => [file.id, file.fileName, file.mimeType])).toEqual([[body.deliveredFile?.id, 'Xact360 estimate.pdf', 'application/pdf']]);
    const [fileRow] = await server.db
      .select()
      .from(projectFiles)
      .where(eq(projectFiles.id, body.deliveredFile?.id ?? MISSING));
    expect(fileRow?.companyId).toBe(ownerA.company.id);
    expect((await server.deps.storage.get('project-files', fileRow?.objectPath ?? ''))?.body.subarray(0, 5).toString()).toBe('%PDF-');
    const seen = serviceOrderListSchema.parse((await ownerA.client.get(`/api/projects/${project.id}/service-orders`)).body).orders;
    expect(seen[0]).toMatchObject({ id: placed.id, status: 'delivered', deliveredFile: { fileName: 'Xact360 estimate.pdf' } });

    const told = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.profileId, managerA.me.id), eq(notifications.companyId, ownerA.company.id)));
    expect(told).toEqual([
      expect.objectContaining({ kind: 'document_ready', title: 'Xact360 delivered for 40 Hip Ln', link: `/projects/${project.id}?tab=services` }),
    ]);
    expect((await activityOf(project.id)).map((row) => [row.kind, row.body])).toContainEqual(['service_delivered', 'Xact360: Xact360 estimate.pdf']);

    // Delivered once: a second delivery and a cancel are refused, nothing more is stored.
    expectError(await admin.client.put(`/api/admin/service-orders/${placed.id}/delivery?fileName=again.pdf`, pdf()), 409, 'SERVICE_ORDER_CLOSED');
    expectError(await admin.client.post(`/api/admin/service-orders/${placed.id}/cancel`, { reason: 'Late' }), 409, 'SERVICE_ORDER_CLOSED');
    expectError(await ownerA.client.post(`/api/service-orders/${placed.id}/cancel`, { reason: 'Late' }), 409, 'SERVICE_ORDER_CLOSED');
    expect(await server.db.select().from(projectFiles).where(eq(projectFiles.projectId, project.id))).toHaveLength(1);
  });
});
