import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { taskListSchema, taskSchema, type Task, type TaskList } from '@ridgeline/shared/contracts/projects';
import { projectActivity, projectTasks } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser, type SignedUpUser } from '../../test/factories';
import { useTestServer } from '../../test/use-test-server';
import { overdueToday } from '@ridgeline/shared/domain/tasks';

const server = useTestServer();
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let colleague: SignedUpUser & { user: { id: string } };
let outsider: Awaited<ReturnType<typeof signedInOwner>>;
let projectId: string;
let otherProjectId: string;
let foreignProjectId: string;

const MISSING = '00000000-0000-4000-8000-000000000000';

/** A calendar date `days` from today (UTC), as YYYY-MM-DD. */
function day(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

async function taskRows() {
  return server.db.select().from(projectTasks).orderBy(projectTasks.id);
}

async function activityOf(project: string) {
  return server.db.select().from(projectActivity).where(eq(projectActivity.projectId, project)).orderBy(projectActivity.createdAt);
}

async function createTask(client: SignedUpUser['client'], project: string, body: Record<string, unknown>): Promise<Task> {
  const response = await client.post<Task>(`/api/projects/${project}/tasks`, body);
  if (response.status !== 201) throw new Error(`create task answered ${response.status}: ${response.text}`);
  return response.body;
}

beforeAll(async () => {
  owner = await signedInOwner(server);
  colleague = await signedInUser(server, { company: owner.company, role: 'member', firstName: 'Casey', lastName: 'Gutter' });
  outsider = await signedInOwner(server);
  projectId = (await insertProjectRow(server.db, owner.company.id, { title: 'Hail on Maple St' })).id;
  otherProjectId = (await insertProjectRow(server.db, owner.company.id, { title: 'Wind on Oak Ave' })).id;
  foreignProjectId = (await insertProjectRow(server.db, outsider.company.id, { title: 'Their claim' })).id;
});

describe('overdue rule', () => {
  it('takes today in the last zone on earth, so a task is overdue only once its due day has ended everywhere', () => {
    expect(overdueToday(new Date('2026-03-10T11:59:00Z'))).toBe('2026-03-09');
    expect(overdueToday(new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
  });
});

describe('POST /api/projects/:id/tasks', () => {
  it('creates a task with a colleague as assignee and writes task_created in the same change', async () => {
    const response = await owner.client.post<Task>(`/api/projects/${projectId}/tasks`, {
      title: '  Order shingles ',
      dueDate: day(5),
      assigneeId: colleague.user.id,
    });
    expect(response.status).toBe(201);
    const task = taskSchema.parse(response.body);
    expect(task).toMatchObject({
      projectId,
      projectTitle: 'Hail on Maple St',
      title: 'Order shingles',
      dueDate: day(5),
      assignee: { id: colleague.user.id, name: 'Casey Gutter' },
      done: false,
      overdue: false,
    });
    const activity = await activityOf(projectId);
    expect(activity.at(-1)).toMatchObject({ kind: 'task_created', body: 'Order shingles', actorId: owner.me.id, companyId: owner.company.id });
    const [row] = await server.db.select().from(projectTasks).where(eq(projectTasks.id, task.id));
    expect(row).toMatchObject({ companyId: owner.company.id, createdBy: owner.me.id, doneAt: null });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const tasksBefore = await taskRows();
    const activityBefore = await activityOf(projectId);
    const stranger = outsider.me.id;
    for (const body of [
      {},
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(201) },
      { title: 'Bad\u0000title' },
      { title: 'Due when?', dueDate: 'tomorrow' },
      { title: 'Due when?', dueDate: '2026-02-30' },
      { title: 'Assign a stranger', assigneeId: stranger },
      { title: 'Assign nobody real', assigneeId: 'no-such-user' },
      { title: 42 },
    ]) {
      const response = await owner.client.post(`/api/projects/${projectId}/tasks`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: expect.any(String), requestId: expect.any(String) } });
    }
    const stranger400 = await owner.client.post(`/api/projects/${projectId}/tasks`, { title: 'x', assigneeId: stranger });
    expect(stranger400.body).toMatchObject({ error: { message: 'The assignee must be a member of your company.' } });
    expect((await owner.client.post('/api/projects/not-a-uuid/tasks', { title: 'x' })).status).toBe(400);
    expect((await owner.client.request('POST', `/api/projects/${projectId}/tasks`, { body: '{"title":' })).status).toBe(400);
    expect(await taskRows()).toEqual(tasksBefore);
    expect(await activityOf(projectId)).toEqual(activityBefore);
  });
});

describe('GET /api/projects/:id/tasks', () => {
  it('lists open tasks first, then by due date (undated last), with overdue marked', async () => {
    const list = await insertProjectRow(server.db, owner.company.id, { title: 'Ordering' });
    const later = await createTask(owner.client, list.id, { title: 'Later', dueDate: day(3) });
    const undated = await createTask(owner.client, list.id, { title: 'Undated' });
    const late = await createTask(owner.client, list.id, { title: 'Late', dueDate: day(-3) });
    const today = await createTask(owner.client, list.id, { title: 'Today', dueDate: day(0) });
    const doneLate = await createTask(owner.client, list.id, { title: 'Done late', dueDate: day(-10) });
    expect((await owner.client.patch(`/api/tasks/${doneLate.id}`, { done: true })).status).toBe(200);

    const response = await colleague.client.get<TaskList>(`/api/projects/${list.id}/tasks`);
    expect(response.status).toBe(200);
    const { tasks } = taskListSchema.parse(response.body);
    expect(tasks.map((t) => t.id)).toEqual([late.id, today.id, later.id, undated.id, doneLate.id]);
    expect(tasks.map((t) => [t.title, t.overdue])).toEqual([
      ['Late', true],
      ['Today', false],
      ['Later', false],
      ['Undated', false],
      ['Done late', false],
    ]);
    expect(tasks.every((t) => t.projectTitle === 'Ordering')).toBe(true);
  });
});

describe('PATCH /api/tasks/:id', () => {
  it('edits the fields; done sets and clears done_at and writes task_completed / task_reopened once', async () => {
    const task = await createTask(owner.client, projectId, { title: 'Call adjuster', dueDate: day(1) });
    const edited = await colleague.client.patch<Task>(`/api/tasks/${task.id}`, { title: 'Call the adjuster', dueDate: null, assigneeId: colleague.user.id });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Call the adjuster', dueDate: null, assignee: { id: colleague.user.id }, done: false });

    const done = await colleague.client.patch<Task>(`/api/tasks/${task.id}`, { done: true });
    expect(done.body).toMatchObject({ done: true, overdue: false });
    const [afterDone] = await server.db.select().from(projectTasks).where(eq(projectTasks.id, task.id));
    expect(afterDone?.doneAt).toBeInstanceOf(Date);
    // Saying done again changes nothing and records nothing.
    expect((await colleague.client.patch(`/api/tasks/${task.id}`, { done: true })).status).toBe(200);

    const reopened = await owner.client.patch<Task>(`/api/tasks/${task.id}`, { done: false, assigneeId: null });
    expect(reopened.body).toMatchObject({ done: false, assignee: null });
    const [afterReopen] = await server.db.select().from(projectTasks).where(eq(projectTasks.id, task.id));
    expect(afterReopen?.doneAt).toBeNull();

    const kinds = (await activityOf(projectId)).filter((a) => a.body === 'Call adjuster' || a.body === 'Call the adjuster');
    expect(kinds.map((a) => [a.kind, a.body, a.actorId])).toEqual([
      ['task_created', 'Call adjuster', owner.me.id],
      ['task_completed', 'Call the adjuster', colleague.me.id],
      ['task_reopened', 'Call the adjuster', owner.me.id],
    ]);
  });

  it('records one task_completed when the same task is ticked off from several places at once', async () => {
    const task = await createTask(owner.client, projectId, { title: 'Tarp the roof' });
    const answers = await Promise.all(
      [owner, colleague, owner, colleague, owner].map((who) => who.client.patch<Task>(`/api/tasks/${task.id}`, { done: true })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const completed = (await activityOf(projectId)).filter((a) => a.kind === 'task_completed' && a.body === 'Tarp the roof');
    expect(completed).toHaveLength(1);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const task = await createTask(owner.client, projectId, { title: 'Measure roof' });
    const before = await taskRows();
    const activityBefore = await activityOf(projectId);
    for (const body of [{}, { title: '' }, { dueDate: '10/12/2026' }, { done: 'yes' }, { assigneeId: outsider.me.id }, { title: 'x'.repeat(201) }]) {
      const response = await owner.client.patch(`/api/tasks/${task.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    expect((await owner.client.patch('/api/tasks/not-a-uuid', { title: 'x' })).status).toBe(400);
    expect((await owner.client.patch(`/api/tasks/${MISSING}`, { title: 'x' })).status).toBe(404);
    expect(await taskRows()).toEqual(before);
    expect(await activityOf(projectId)).toEqual(activityBefore);
  });
});

describe('DELETE /api/tasks/:id', () => {
  it('deletes the task and writes task_deleted with its title', async () => {
    const task = await createTask(owner.client, projectId, { title: 'Remove debris' });
    const response = await colleague.client.delete(`/api/tasks/${task.id}`);
    expect(response.status).toBe(204);
    expect(await server.db.select().from(projectTasks).where(eq(projectTasks.id, task.id))).toEqual([]);
    expect((await activityOf(projectId)).at(-1)).toMatchObject({ kind: 'task_deleted', body: 'Remove debris', actorId: colleague.me.id });
    expect((await colleague.client.delete(`/api/tasks/${task.id}`)).status).toBe(404);
    expect((await colleague.client.delete('/api/tasks/not-a-uuid')).status).toBe(400);
  });
});

describe('GET /api/tasks/mine', () => {
  it("lists the caller's open tasks across the company's projects: overdue first, then by due date, undated last", async () => {
    const mine = await signedInUser(server, { company: owner.company, role: 'member' });
    const me = mine.me.id;
    const soon = await createTask(owner.client, projectId, { title: 'Soon', dueDate: day(2), assigneeId: me });
    const undated = await createTask(owner.client, otherProjectId, { title: 'Whenever', assigneeId: me });
    const overdue = await createTask(owner.client, otherProjectId, { title: 'Overdue', dueDate: day(-5), assigneeId: me });
    const veryOverdue = await createTask(owner.client, projectId, { title: 'Very overdue', dueDate: day(-9), assigneeId: me });
    const tomorrow = await createTask(owner.client, otherProjectId, { title: 'Tomorrow', dueDate: day(1), assigneeId: me });
    const finished = await createTask(owner.client, projectId, { title: 'Finished', dueDate: day(-20), assigneeId: me });
    await owner.client.patch(`/api/tasks/${finished.id}`, { done: true });
    await createTask(owner.client, projectId, { title: 'Not mine', dueDate: day(-30), assigneeId: colleague.user.id });

    const response = await mine.client.get<TaskList>('/api/tasks/mine');
    expect(response.status).toBe(200);
    const { tasks } = taskListSchema.parse(response.body);
    expect(tasks.map((t) => t.id)).toEqual([veryOverdue.id, overdue.id, tomorrow.id, soon.id, undated.id]);
    expect(tasks.map((t) => t.overdue)).toEqual([true, true, false, false, false]);
    expect(tasks.map((t) => t.projectTitle)).toEqual(['Hail on Maple St', 'Wind on Oak Ave', 'Wind on Oak Ave', 'Hail on Maple St', 'Wind on Oak Ave']);

    // Another company's user sees none of them.
    const theirs = await outsider.client.get<TaskList>('/api/tasks/mine');
    expect(theirs.status).toBe(200);
    expect(theirs.body.tasks).toEqual([]);
    expect((await server.client().get('/api/tasks/mine')).status).toBe(401);
  });
});

describe('malformed bodies', () => {
  it('answers every malformed body on the task writes with 400 (or 415 for non-JSON) and writes nothing', async () => {
    const task = await createTask(owner.client, projectId, { title: 'Check gutters' });
    const before = await taskRows();
    const activityBefore = await activityOf(projectId);
    const endpoints = [
      { method: 'POST', path: `/api/projects/${projectId}/tasks`, valid: { title: 'Fine', dueDate: day(2), assigneeId: colleague.user.id } },
      { method: 'PATCH', path: `/api/tasks/${task.id}`, valid: { title: 'Fine', dueDate: day(2), assigneeId: colleague.user.id, done: true } },
    ] as const;
    for (const { method, path, valid } of endpoints) {
      const bodies: string[] = ['{"title": ', '[]', 'null', '42', '"hello"', '{}'];
      for (const field of Object.keys(valid)) {
        const nullable = field === 'dueDate' || field === 'assigneeId';
        for (const value of [12345, ['x'], { a: 1 }, ...(nullable ? [] : [null]), ...(field === 'done' ? ['true'] : [true]), 'x'.repeat(10_000)]) {
          bodies.push(JSON.stringify({ ...valid, [field]: value }));
        }
      }
      for (const body of bodies) {
        const response = await owner.client.request(method, path, { body });
        expect(response.status, `${method} ${body.slice(0, 60)}`).toBe(400);
        expect(response.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: expect.any(String), timestamp: expect.any(String) } });
      }
      const plain = await owner.client.request(method, path, { body: JSON.stringify(valid), headers: { 'Content-Type': 'text/plain' } });
      expect(plain.status).toBe(415);
    }
    expect(await taskRows()).toEqual(before);
    expect(await activityOf(projectId)).toEqual(activityBefore);
  });
});

describe('tenant isolation', () => {
  it("answers 404 to another company's user on every task endpoint and changes nothing", async () => {
    const task = await createTask(owner.client, projectId, { title: 'Private task', dueDate: day(4), assigneeId: colleague.user.id });
    const before = await taskRows();
    const activityBefore = await activityOf(projectId);

    const attempts = [
      await outsider.client.get(`/api/projects/${projectId}/tasks`),
      await outsider.client.post(`/api/projects/${projectId}/tasks`, { title: 'Planted' }),
      await outsider.client.patch(`/api/tasks/${task.id}`, { title: 'Hijacked', done: true }),
      await outsider.client.delete(`/api/tasks/${task.id}`),
      // The caller's own company's view of a project that does not exist is the same 404.
      await owner.client.get(`/api/projects/${MISSING}/tasks`),
      await owner.client.post(`/api/projects/${MISSING}/tasks`, { title: 'Nowhere' }),
      // The owner cannot reach the other company's project either.
      await owner.client.get(`/api/projects/${foreignProjectId}/tasks`),
      await owner.client.post(`/api/projects/${foreignProjectId}/tasks`, { title: 'Planted' }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect(await taskRows()).toEqual(before);
    expect(await activityOf(projectId)).toEqual(activityBefore);
    expect(
      await server.db
        .select()
        .from(projectTasks)
        .where(and(eq(projectTasks.projectId, foreignProjectId))),
    ).toEqual([]);
    expect(await activityOf(foreignProjectId)).toEqual([]);

    const anonymous = server.client();
    expect((await anonymous.get(`/api/projects/${projectId}/tasks`)).status).toBe(401);
    expect((await anonymous.patch(`/api/tasks/${task.id}`, { title: 'x' })).status).toBe(401);
  });
});
