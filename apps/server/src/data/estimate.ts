import { sql } from 'drizzle-orm';
import type { EstimateTotals } from '@ridgeline/shared/domain/estimate';
import type { Db, DbTx } from '../infra/db/client';

// A claim file's estimates as documents print them (the packet's estimate pages, a proposal's
// options): the estimating feature writes them; documents read them with their stored totals.

export type EstimateRow = {
  id: string;
  version: number;
  lines: unknown;
  supplement: unknown;
  depreciationMode: string;
  overallDepreciationBp: number;
  opEnabled: boolean;
  updatedAt: Date;
} & EstimateTotals;

type EstimateSqlRow = {
  id: string;
  version: number;
  lines: unknown;
  supplement: unknown;
  depreciation_mode: string;
  overall_depreciation_bp: number;
  op_enabled: boolean;
  subtotal_cents: string | number;
  overhead_cents: string | number;
  profit_cents: string | number;
  rcv_cents: string | number;
  depreciation_cents: string | number;
  acv_cents: string | number;
  updated_at: string | Date;
};

const estimateOf = (r: EstimateSqlRow): EstimateRow => ({
  id: r.id,
  version: Number(r.version),
  lines: r.lines,
  supplement: r.supplement,
  depreciationMode: r.depreciation_mode,
  overallDepreciationBp: Number(r.overall_depreciation_bp),
  opEnabled: r.op_enabled,
  subtotalCents: Number(r.subtotal_cents),
  overheadCents: Number(r.overhead_cents),
  profitCents: Number(r.profit_cents),
  rcvCents: Number(r.rcv_cents),
  depreciationCents: Number(r.depreciation_cents),
  acvCents: Number(r.acv_cents),
  updatedAt: new Date(r.updated_at),
});

/** The estimates of a claim file (its own and its inspections'), newest first. */
export async function listProjectEstimates(db: Db | DbTx, companyId: string, projectId: string, estimateId?: string): Promise<EstimateRow[]> {
  const result = await db.execute<EstimateSqlRow>(sql`
    select e.id, e.version, e.lines, e.supplement, e.depreciation_mode, e.overall_depreciation_bp, e.op_enabled,
      e.subtotal_cents, e.overhead_cents, e.profit_cents, e.rcv_cents, e.depreciation_cents, e.acv_cents, e.updated_at
    from estimates e
    where e.company_id = ${companyId}
      and (e.project_id = ${projectId}
        or e.session_id in (select s.id from inspection_sessions s where s.company_id = ${companyId} and s.project_id = ${projectId}))
      ${estimateId ? sql`and e.id = ${estimateId}` : sql``}
    order by e.updated_at desc, e.id`);
  return result.rows.map(estimateOf);
}
