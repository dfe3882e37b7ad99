import { describe, expect, it } from 'vitest';
import { NAV_GROUPS } from './navigation';

const member = NAV_GROUPS.filter((group) => !group.adminOnly);
const links = member.flatMap((group) => group.items.map((item) => ({ group: group.label, ...item })));

describe('the signed-in navigation', () => {
  it('groups the jobs of a claims office: Work, Field, Claims, Reports, Billing, Company, Help; Admin for platform admins only', () => {
    expect(NAV_GROUPS.map((group) => group.label)).toEqual(['Work', 'Field', 'Claims', 'Reports', 'Billing', 'Company', 'Help', 'Admin']);
    expect(NAV_GROUPS.filter((group) => group.adminOnly).map((group) => group.label)).toEqual(['Admin']);
  });

  it('keeps every page it linked to (23), each once', () => {
    expect(links.map((link) => link.to).sort()).toEqual(
      [
        '/dashboard',
        '/projects',
        '/field-inspection',
        '/field-inspections',
        '/photo-reports',
        '/advanced-photo-reports',
        '/messages',
        '/assistant',
        '/inbox',
        '/measurements',
        '/shingle-id',
        '/shingle-history',
        '/companies',
        '/analytics',
        '/pricing',
        '/credits',
        '/payments',
        '/team',
        '/settings',
        '/security',
        '/tutorials',
        '/feedback',
        '/feedback-loop',
      ].sort(),
    );
  });

  it('names each job once: no two links read alike (no name inside another, as Feedback and Feedback Loop did)', () => {
    const names = links.map((link) => link.label.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(
        names.filter((other) => other !== name && (other.startsWith(name) || other.endsWith(name))),
        name,
      ).toEqual([]);
    }
  });

  it('puts the carriers under the claims, named as carriers', () => {
    expect(links.find((link) => link.to === '/companies')).toMatchObject({ group: 'Claims', label: 'Carriers and Adjusters' });
    expect(links.filter((link) => link.group === 'Field').map((link) => link.label)).toEqual([
      'Inspect a Roof',
      'All Inspections',
      'Roof Measurements',
      'Identify a Shingle',
      'Past Shingle IDs',
    ]);
    expect(links.filter((link) => link.group === 'Billing').map((link) => link.label)).toEqual([
      'Subscription and Invoices',
      'Compare Plans',
      'Service Credits',
    ]);
    expect(links.filter((link) => link.group === 'Help').map((link) => link.label)).toEqual(['Tutorials', 'Send Feedback', 'Replies to Your Feedback']);
  });
});
