import type { Company, UpdateCompanyInput } from '@ridgeline/shared/contracts/team';
import { codeEditionOf } from '@ridgeline/shared/domain/assistant';
import { resolveIceBarrier, type IceBarrierSetting } from '@ridgeline/shared/domain/ice-barrier';
import type { Tenant } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import type { DetectedType } from '../../infra/storage/file-type';
import type { Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import { assertCanManageCompany } from './company.policy';
import { findCompany, updateCompany, type CompanyRow } from './company.repository';

export type CompanyServiceDeps = { db: Db; storage: Storage };

/** Where the company's estimates charge ice and water barrier, each choice with where it came from. */
export function companyIceBarrier(row: CompanyRow): IceBarrierSetting {
  return resolveIceBarrier({
    jurisdictionState: row.jurisdictionState,
    iceBarrierAtEaves: row.iceBarrierAtEaves,
    iceBarrierEaveFt: row.iceBarrierEaveFt,
    address: row.address,
    codeEdition: codeEditionOf(row.codeEdition),
  });
}

/** Shapes a company row for the API (never the raw row). */
function presentCompany(row: CompanyRow, storage: Storage): Company {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    logoUrl: row.logoPath ? storage.url('avatars', row.logoPath) : null,
    plan: row.plan,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    hailHitThreshold: row.hailHitThreshold,
    timeZone: row.timeZone,
    statusMoves: row.statusMoves === 'suggest' ? 'suggest' : 'move',
    iceBarrier: companyIceBarrier(row),
  };
}

/** The company profile of the actor's tenant: read by every member, changed by owners and managers. */
export function createCompanyService({ db, storage }: CompanyServiceDeps) {
  async function getCompany(tenant: Tenant): Promise<Company> {
    const row = await findCompany(db, tenant.companyId);
    if (!row) throw new AppError('NOT_FOUND', 'Company not found');
    return presentCompany(row, storage);
  }

  async function editCompany(tenant: Tenant, input: UpdateCompanyInput): Promise<Company> {
    assertCanManageCompany(tenant);
    // An empty phone or address clears it.
    const row = await updateCompany(db, tenant.companyId, {
      name: input.name,
      phone: input.phone === '' ? null : input.phone,
      address: input.address === '' ? null : input.address,
      hailHitThreshold: input.hailHitThreshold,
      timeZone: input.timeZone,
      statusMoves: input.statusMoves,
      jurisdictionState: input.jurisdictionState,
      iceBarrierAtEaves: input.iceBarrierAtEaves,
      iceBarrierEaveFt: input.iceBarrierEaveFt,
    });
    if (!row) throw new AppError('NOT_FOUND', 'Company not found');
    return presentCompany(row, storage);
  }

  /**
   * Stores a new logo in the public avatars bucket, points the company at it and removes the old one.
   * The upload is read only once the actor may change the logo, so a refused upload costs no bytes of
   * anyone's upload quota.
   */
  async function setLogo(tenant: Tenant, readImage: () => Promise<DetectedType & { body: Buffer }>): Promise<Company> {
    assertCanManageCompany(tenant);
    const image = await readImage();
    const path = `companies/${tenant.companyId}/logo-${Date.now()}.${image.ext}`;
    await storage.put('avatars', path, image.body, { contentType: image.mime, cacheControl: 'public, max-age=31536000, immutable' });
    const previous = await findCompany(db, tenant.companyId);
    const row = await updateCompany(db, tenant.companyId, { logoPath: path });
    if (!row) throw new AppError('NOT_FOUND', 'Company not found');
    if (previous?.logoPath) await storage.remove('avatars', previous.logoPath);
    return presentCompany(row, storage);
  }

  return { getCompany, editCompany, setLogo };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
