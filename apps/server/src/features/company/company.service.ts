import { TRIAL_DAYS } from '@ridgeline/shared/domain/plans';
import type { Company, UpdateCompanyInput } from '@ridgeline/shared/contracts/team';
import type { Db } from '../../infra/db/client';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import type { Tenant } from '../../http/context';
import { findCompany, insertCompanyWithOwner, updateCompany, type CompanyRow } from './company.repository';
import { assertCanManageCompany } from './company.policy';

/** Shapes a company row for the API (never the raw row). */
export function presentCompany(row: CompanyRow, storage: Storage): Company {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    logoUrl: row.logoPath ? storage.url('avatars', row.logoPath) : null,
    plan: row.plan as Company['plan'],
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
  };
}

/** Creates the company a new user signed up with and makes them its owner (14-day trial). */
export async function createCompanyForOwner(db: Db, userId: string, name: string, phone: string | null) {
  const trialEndsAt = new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction((tx) => insertCompanyWithOwner(tx, { name, phone, userId, trialEndsAt }));
}

export async function getCompany(db: Db, storage: Storage, tenant: Tenant): Promise<Company> {
  const row = await findCompany(db, tenant.companyId);
  if (!row) throw AppError.notFound('Company not found');
  return presentCompany(row, storage);
}

export async function editCompany(db: Db, storage: Storage, tenant: Tenant, input: UpdateCompanyInput): Promise<Company> {
  assertCanManageCompany(tenant);
  const row = await updateCompany(db, tenant.companyId, {
    name: input.name,
    phone: input.phone === '' ? null : input.phone,
    address: input.address === '' ? null : input.address,
  });
  if (!row) throw AppError.notFound('Company not found');
  return presentCompany(row, storage);
}

/** Stores a new logo in the public avatars bucket and points the company at it. */
export async function setCompanyLogo(
  db: Db,
  storage: Storage,
  tenant: Tenant,
  image: { body: Buffer; mime: string; ext: string },
): Promise<Company> {
  assertCanManageCompany(tenant);
  const path = `companies/${tenant.companyId}/logo-${Date.now()}.${image.ext}`;
  await storage.put('avatars', path, image.body, { contentType: image.mime, cacheControl: 'public, max-age=31536000, immutable' });
  const previous = await findCompany(db, tenant.companyId);
  const row = await updateCompany(db, tenant.companyId, { logoPath: path });
  if (!row) throw AppError.notFound('Company not found');
  if (previous?.logoPath) await storage.remove('avatars', previous.logoPath);
  return presentCompany(row, storage);
}
