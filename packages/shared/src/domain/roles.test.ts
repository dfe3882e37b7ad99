import { describe, expect, it } from 'vitest';
import { canManageCompany, COMPANY_ROLES, PLATFORM_ROLES } from './roles';

describe('roles', () => {
  it('lists the platform and company roles', () => {
    expect(PLATFORM_ROLES).toEqual(['admin', 'contractor']);
    expect(COMPANY_ROLES).toEqual(['owner', 'manager', 'member']);
  });

  it('lets owners and managers manage the company, not members', () => {
    expect(COMPANY_ROLES.filter(canManageCompany)).toEqual(['owner', 'manager']);
  });
});
