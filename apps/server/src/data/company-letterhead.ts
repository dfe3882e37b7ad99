import { eq } from 'drizzle-orm';
import { companyDetailsMessage, missingCompanyDetails } from '@ridgeline/shared/domain/company-details';
import { AppError } from '../lib/app-error';
import type { Db, DbTx } from '../infra/db/client';
import { companies } from '../infra/db/schema/index';

// A claim packet's cover letter and a proposal carry the company's letterhead; the reports, the
// proposals and the share links (a proposal shared to be signed becomes a signed PDF) each check it
// before making one, with this one query and this one refusal, and read it (with the logo, the time
// zone documents print times in and the cover letter's template) with findCompanyFacts.

/**
 * Refuses (422 COMPANY_DETAILS_MISSING, naming what is missing) while the company's name, address or
 * phone is not filled in: a document never prints a stand-in for them. `made` names the document:
 * "a claim packet", "a proposal".
 */
export async function assertLetterheadDetails(db: Db | DbTx, companyId: string, made: string): Promise<void> {
  const [row] = await db
    .select({ name: companies.name, address: companies.address, phone: companies.phone })
    .from(companies)
    .where(eq(companies.id, companyId));
  const missing = missingCompanyDetails(row ?? { name: null, address: null, phone: null });
  if (missing.length > 0) throw new AppError('COMPANY_DETAILS_MISSING', companyDetailsMessage(missing, made));
}

/** What a document's letterhead and cover letter read of the company (reports and share links print it). */
export type CompanyFacts = {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  logoPath: string | null;
  coverLetterTemplate: string | null;
  timeZone: string | null;
};

export async function findCompanyFacts(db: Db | DbTx, companyId: string): Promise<CompanyFacts | null> {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      address: companies.address,
      phone: companies.phone,
      logoPath: companies.logoPath,
      coverLetterTemplate: companies.coverLetterTemplate,
      timeZone: companies.timeZone,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/** Saves the company's cover letter template; null brings back the default. */
export async function updateCoverLetterTemplate(db: Db | DbTx, companyId: string, template: string | null): Promise<void> {
  await db.update(companies).set({ coverLetterTemplate: template }).where(eq(companies.id, companyId));
}
