import { describe, expect, it } from 'vitest';
import { canChangeMadeBy, canManageCompany, COMPANY_ROLES, defaultAssignee, PLATFORM_ROLES } from './roles';

describe('roles', () => {
  it('lists the platform and company roles', () => {
    expect(PLATFORM_ROLES).toEqual(['admin', 'contractor']);
    expect(COMPANY_ROLES).toEqual(['owner', 'manager', 'member']);
  });

  it('lets owners and managers manage the company, not members', () => {
    expect(COMPANY_ROLES.filter(canManageCompany)).toEqual(['owner', 'manager']);
  });

  it('lets a member change what they made, and owners and managers what anyone made', () => {
    expect(COMPANY_ROLES.filter((role) => canChangeMadeBy(role, 'me', 'me'))).toEqual(['owner', 'manager', 'member']);
    expect(COMPANY_ROLES.filter((role) => canChangeMadeBy(role, 'me', 'colleague'))).toEqual(['owner', 'manager']);
    // Nobody recorded (an account deleted since, a row older than the rule): the office's.
    expect(COMPANY_ROLES.filter((role) => canChangeMadeBy(role, 'me', null))).toEqual(['owner', 'manager']);
  });

  it('assigns a claim file a member starts to that member, and one an owner or manager starts to nobody', () => {
    expect(COMPANY_ROLES.map((role) => defaultAssignee(role, 'me'))).toEqual([null, null, 'me']);
  });
});
