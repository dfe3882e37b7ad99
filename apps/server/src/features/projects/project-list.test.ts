import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectList, ProjectStatusList } from '@ridgeline/shared/contracts/projects';
import { carriers, projects } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser, type TestCompany } from '../../test/factories';
import { uniqueEmail, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { projectListQuery } from './projects.repository';
import { csvCell } from '@ridgeline/shared/domain/csv';
import { projectsCsv } from './projects-csv';

// The list of one company: search, filters, sort and paging; the CSV export of the same filters.

const server = useTestServer();
let owner: SignedUpUser & { company: TestCompany };
let colleague: SignedUpUser;
let other: SignedUpUser & { company: TestCompany };
let statusIds: Record<string, string>;
let stateFarm: string;
let allstate: string;
const ids: Record<string, string> = {};

async function list(query = ''): Promise<ProjectList> {
  const response = await owner.client.get<ProjectList>(`/api/projects${query ? `?${query}` : ''}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const titles = (body: ProjectList) => body.projects.map((p) => p.title);

beforeAll(async () => {
  owner = await signedInOwner(server);
  colleague = await signedInUser(server, { company: owner.company, role: 'member', firstName: 'Casey', lastName: 'Crew', email: uniqueEmail('crew') });
  other = await signedInOwner(server);
  const statuses = (await owner.client.get<ProjectStatusList>('/api/project-statuses')).body.statuses;
  statusIds = Object.fromEntries(statuses.map((s) => [s.key, s.id]));
  const [sf] = await server.db.insert(carriers).values({ companyId: owner.company.id, name: 'State Farm' }).returning();
  const [al] = await server.db.insert(carriers).values({ companyId: owner.company.id, name: 'Allstate' }).returning();
  stateFarm = sf?.id ?? '';
  allstate = al?.id ?? '';
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  const rows = [
    {
      title: 'A',
      homeownerName: 'Zoe Abbott',
      street: '1 Oak St',
      city: 'Denver',
      zip: '80202',
      claimNumber: 'CLM-100',
      carrierId: stateFarm,
      lossType: 'hail',
      dateOfLoss: '2026-03-01',
      createdAt: day(1),
    },
    {
      title: 'B',
      homeownerName: 'adam baker',
      street: '2 Pine Ave',
      city: 'Boulder',
      zip: '80301',
      claimNumber: 'CLM-200',
      carrierId: allstate,
      lossType: 'wind',
      dateOfLoss: null,
      createdAt: day(2),
      assigneeId: colleague.me.id,
    },
    {
      title: 'C',
      homeownerName: 'Maya 100% Cruz',
      street: '3 Elm Rd',
      city: 'Denver',
      zip: '80203',
      claimNumber: 'A_B-7',
      carrierId: null,
      lossType: 'hail',
      dateOfLoss: '2025-12-24',
      createdAt: day(3),
      statusId: statusIds.closed,
      isActive: false,
    },
    {
      title: 'D',
      homeownerName: 'Omar Diaz',
      street: '4 Birch Ln',
      city: 'Aurora',
      zip: '80010',
      claimNumber: null,
      carrierId: stateFarm,
      lossType: 'flood',
      dateOfLoss: '2026-02-10',
      createdAt: day(4),
      archivedAt: day(5),
      isActive: false,
    },
    {
      title: 'E',
      homeownerName: '=HYPERLINK("http://evil.example","x")',
      street: '+5 Cedar Ct',
      city: '-Denver',
      zip: '@80204',
      claimNumber: '\tCLM-500',
      carrierId: null,
      lossType: 'other',
      dateOfLoss: null,
      createdAt: day(6),
      statusId: statusIds.inspected,
      rcvCents: 1_234_56,
    },
  ] as const;
  for (const row of rows) {
    const inserted = await insertProjectRow(server.db, owner.company.id, { ...row, updatedAt: row.createdAt });
    ids[row.title] = inserted.id;
  }
  await insertProjectRow(server.db, other.company.id, { title: 'Theirs', homeownerName: 'Zoe Abbott', street: '1 Oak St' });
});

describe('the project list', () => {
  it('lists the company only, newest first, with the total and the active files', async () => {
    const body = await list();
    expect(titles(body)).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 50, activeFiles: { active: 3, limit: 25, plan: 'professional', trialing: true } });
    expect(body.projects.find((p) => p.title === 'B')).toMatchObject({
      carrier: { id: allstate, name: 'Allstate' },
      assignee: { id: colleague.me.id, name: 'Casey Crew' },
      statusId: statusIds.lead,
      isActive: true,
    });
    expect(body.projects.find((p) => p.title === 'E')?.rcvCents).toBe(123456);
  });

  it('searches homeowner, street, city, zip, claim number and carrier, case-insensitively, % and _ taken literally', async () => {
    expect(titles(await list('q=ABBOTT'))).toEqual(['A']);
    expect(titles(await list('q=pine'))).toEqual(['B']);
    expect(titles(await list('q=denver'))).toEqual(['E', 'C', 'A']);
    expect(titles(await list('q=80301'))).toEqual(['B']);
    expect(titles(await list('q=clm-'))).toEqual(['E', 'B', 'A']);
    expect(titles(await list('q=state%20farm'))).toEqual(['D', 'A']);
    expect(titles(await list(`q=${encodeURIComponent('100%')}`))).toEqual(['C']);
    expect(titles(await list(`q=${encodeURIComponent('A_B')}`))).toEqual(['C']);
    expect(titles(await list(`q=${encodeURIComponent('_')}`))).toEqual(['C']);
    expect(titles(await list('q=nobody'))).toEqual([]);
    expect((await list('q=nobody')).total).toBe(0);
  });

  it('filters by status, assignee, carrier, loss type and state', async () => {
    expect(titles(await list(`statusId=${statusIds.closed}`))).toEqual(['C']);
    expect(titles(await list(`assigneeId=${colleague.me.id}`))).toEqual(['B']);
    expect(titles(await list(`carrierId=${stateFarm}`))).toEqual(['D', 'A']);
    expect(titles(await list('lossType=hail'))).toEqual(['C', 'A']);
    expect(titles(await list('state=active'))).toEqual(['E', 'B', 'A']);
    expect(titles(await list('state=closed'))).toEqual(['C']);
    expect(titles(await list('state=archived'))).toEqual(['D']);
    expect(titles(await list('state=all'))).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(titles(await list(`state=active&lossType=hail&carrierId=${stateFarm}&q=oak`))).toEqual(['A']);
  });

  it('sorts by created, updated, homeowner, date of loss and status, each way', async () => {
    expect(titles(await list('sort=created&dir=asc'))).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(titles(await list('sort=updated&dir=desc'))).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(titles(await list('sort=homeowner&dir=asc'))).toEqual(['E', 'B', 'C', 'D', 'A']);
    expect(titles(await list('sort=homeowner&dir=desc'))).toEqual(['A', 'D', 'C', 'B', 'E']);
    // Projects without a date of loss come last both ways.
    const ascending = titles(await list('sort=date_of_loss&dir=asc'));
    expect(ascending.slice(0, 3)).toEqual(['C', 'D', 'A']);
    expect(ascending.slice(3).sort()).toEqual(['B', 'E']);
    const descending = titles(await list('sort=date_of_loss&dir=desc'));
    expect(descending.slice(0, 3)).toEqual(['A', 'D', 'C']);
    expect(descending.slice(3)).toEqual([...ascending.slice(3)].reverse());
    // By pipeline position (lead, inspected ... closed), newest first within a status.
    expect(titles(await list('sort=status&dir=asc'))).toEqual(['D', 'B', 'A', 'E', 'C']);
    expect(titles(await list('sort=status&dir=desc'))).toEqual(['C', 'E', 'D', 'B', 'A']);
  });

  it('pages deterministically, ties broken by id', async () => {
    // Same created_at for every row of a second company: the id decides, and pages never overlap.
    const tie = await signedInOwner(server);
    const at = new Date(Date.UTC(2026, 1, 1));
    for (let i = 0; i < 30; i++) await insertProjectRow(server.db, tie.company.id, { createdAt: at });
    const seen: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const body = (await tie.client.get<ProjectList>(`/api/projects?pageSize=25&page=${page}`)).body;
      expect(body.total).toBe(30);
      seen.push(...body.projects.map((p) => p.id));
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen).toEqual([...seen].sort().reverse());
    const past = (await tie.client.get<ProjectList>('/api/projects?pageSize=25&page=9')).body;
    expect(past).toMatchObject({ projects: [], total: 30, page: 9 });
  });

  it('refuses bad queries with 400', async () => {
    for (const query of ['pageSize=10', 'page=0', 'sort=title', 'dir=up', 'state=open', 'statusId=lead', 'lossType=meteor', `q=${'x'.repeat(121)}`]) {
      const response = await owner.client.get(`/api/projects?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    expect((await server.client().get('/api/projects')).status).toBe(401);
  });

  it('builds its query without running it, filtered by company first', () => {
    const built = projectListQuery(server.db, owner.company.id, { q: 'oak', state: 'active', sort: 'created', dir: 'desc', page: 2, pageSize: 25 }).toSQL();
    const first = /where \("projects"\."company_id" = \$(\d+)/.exec(built.sql);
    expect(first, built.sql).not.toBeNull();
    expect(built.params[Number(first?.[1]) - 1]).toBe(owner.company.id);
    expect(built.params).toEqual(expect.arrayContaining([owner.company.id, '%oak%', 25, 25]));
  });

  it('answers the active files with the plan that counts', async () => {
    const response = await owner.client.get('/api/projects/active-files');
    expect(response.body).toEqual({ active: 3, limit: 25, plan: 'professional', planName: 'Professional', trialing: true });
    await server.db.execute(
      sql`update companies set plan = 'business', billing_status = 'active', trial_ends_at = now() - interval '1 day' where id = ${owner.company.id}`,
    );
    expect((await owner.client.get('/api/projects/active-files')).body).toEqual({
      active: 3,
      limit: 50,
      plan: 'business',
      planName: 'Business',
      trialing: false,
    });
    expect((await other.client.get('/api/projects/active-files')).body).toMatchObject({ active: 1 });
  });
});

describe('the CSV export', () => {
  it('exports every matching row with a header, quoted cells and formulas defused', async () => {
    const response = await owner.client.get(`/api/projects/export.csv?state=all&sort=created&dir=asc`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="projects-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      '"Title","Homeowner","Phone","Email","Address","City","State","ZIP","Carrier","Claim number","Policy number","Loss type","Date of loss","Status","Assignee","Active","RCV","Created"',
    );
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(
      /^"A","Zoe Abbott","","","1 Oak St","Denver","","80202","State Farm","CLM-100","","Hail","2026-03-01","Lead","","Yes","","2026-01-01T00:00:00.000Z"$/,
    );
    expect(lines[2]).toContain('"adam baker"');
    expect(lines[2]).toContain('"Casey Crew"');
    expect(lines[3]).toContain('"Closed","","No"');
    // Spreadsheet formula injection: a leading = + - @ or tab is neutralised with an apostrophe.
    expect(lines[5]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[5]).toContain(`"'+5 Cedar Ct","'-Denver"`);
    expect(lines[5]).toContain(`"'@80204"`);
    expect(lines[5]).toContain(`"'\tCLM-500"`);
    expect(lines[5]).toContain('"1234.56"');
  });

  it('applies the filters and stays in the company', async () => {
    const response = await owner.client.get(`/api/projects/export.csv?q=denver&state=active`);
    const lines = response.text.split('\r\n').filter(Boolean);
    expect(lines.map((line) => line.split(',')[0])).toEqual(['"Title"', '"E"', '"A"']);
    const theirs = await other.client.get('/api/projects/export.csv');
    expect(theirs.text.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(theirs.text).not.toContain('CLM-100');
    expect((await owner.client.get('/api/projects/export.csv?state=nope')).status).toBe(400);
  });

  it('quotes each cell and defuses formulas', () => {
    expect(csvCell(null)).toBe('""');
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", ok\nnext')).toBe('"say ""hi"", ok\nnext"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell(12.5)).toBe('"12.5"');
    // A byte-order mark first, so spreadsheet programs read the file as UTF-8.
    expect(projectsCsv([]).startsWith('\uFEFF"Title",')).toBe(true);
  });
});

describe('after a change', () => {
  it('sorts by updated once a project changes', async () => {
    const patched = await owner.client.patch(`/api/projects/${ids.A}`, { city: 'Golden' });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(titles(await list('sort=updated'))[0]).toBe('A');
    const [row] = await server.db
      .select({ city: projects.city })
      .from(projects)
      .where(eq(projects.id, ids.A ?? ''));
    expect(row?.city).toBe('Golden');
  });
});
