import type { AdminBillingCompany } from '@ridgeline/shared/contracts/billing';
import type { BillingStatus } from '@ridgeline/shared/domain/billing';
import { formatCashAmount } from '@ridgeline/shared/domain/money';
import { PLANS } from '@ridgeline/shared/domain/plans';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TableCell, TableRow } from '../../../components/ui/table';
import { CardList } from '../../../components/card-list';
import { CardTable } from '../../../components/card-table';
import type { CompanyAction } from './admin-company-dialogs';
import { dateText } from '../billing-words';

// The companies of /admin/payments: a table on wider screens, cards on a phone, each company with
// its plan, status, trial end, active files, MRR, failed payments, credits and the admin's actions.

export const BILLING_STATUS_LABELS: Record<BillingStatus, string> = { trialing: 'Trial', active: 'Active', past_due: 'Past due', canceled: 'Canceled' };
const STATUS_TONES: Record<BillingStatus, BadgeTone> = { trialing: 'info', active: 'success', past_due: 'warning', canceled: 'neutral' };

const planName = (id: AdminBillingCompany['plan']) => PLANS.find((plan) => plan.id === id)?.name ?? id;
const dayOrDash = (iso: string | null) => (iso ? dateText(iso) : '—');
/** The trial's end matters while the company is on its trial; a paying company's old trial is not shown. */
const trialEnd = (company: AdminBillingCompany) => (company.status === 'trialing' ? dayOrDash(company.trialEndsAt) : '—');
export const cash = (cents: number) => `$${formatCashAmount(cents)}`;

function StatusBadges({ company }: { company: AdminBillingCompany }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={STATUS_TONES[company.status]}>{BILLING_STATUS_LABELS[company.status]}</Badge>
      {company.readOnly && <Badge tone="danger">Read-only</Badge>}
    </span>
  );
}

type Act = (action: CompanyAction) => void;

function Actions({ company, onAction }: { company: AdminBillingCompany; onAction: Act }) {
  const label = <span className="sr-only"> for {company.name}</span>;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => onAction({ kind: 'grant', company })}>
        Grant credits{label}
      </Button>
      <Button variant="secondary" disabled={company.creditBalance === 0} onClick={() => onAction({ kind: 'remove', company })}>
        Remove credits{label}
      </Button>
      {company.status === 'trialing' && (
        <Button variant="secondary" onClick={() => onAction({ kind: 'extend', company })}>
          Extend trial{label}
        </Button>
      )}
      {company.owner && (
        <Button variant="secondary" onClick={() => onAction({ kind: 'open', company })}>
          Open as owner{label}
        </Button>
      )}
    </div>
  );
}

export function AdminCompaniesList({ companies, onAction }: { companies: AdminBillingCompany[]; onAction: Act }) {
  const empty = companies.length === 0 ? 'No companies match.' : null;
  return (
    <>
      <div className="hidden lg:block" data-testid="admin-billing-table">
        <CardTable
          caption="Companies"
          headers={['Company', 'Plan', 'Status', 'Trial ends', 'Active files', 'MRR', 'Failed payments', 'Credits', 'Actions']}
          cellPadding="px-3"
          headerClassName="bg-slate-50 text-slate-800"
          empty={empty}
        >
          {companies.map((company) => (
            <TableRow key={company.id} data-testid="admin-billing-row">
              <TableCell className="px-3 py-3">
                <span className="font-semibold">{company.name}</span>
                <span className="block text-xs text-slate-700">{company.owner?.email ?? 'No owner'}</span>
              </TableCell>
              <TableCell className="px-3 py-3">{planName(company.plan)}</TableCell>
              <TableCell className="px-3 py-3">
                <StatusBadges company={company} />
              </TableCell>
              <TableCell className="px-3 py-3 whitespace-nowrap">{trialEnd(company)}</TableCell>
              <TableCell className="px-3 py-3">{company.activeFiles}</TableCell>
              <TableCell className="px-3 py-3">{cash(company.mrrCents)}</TableCell>
              <TableCell className="px-3 py-3">{company.failedPayments}</TableCell>
              <TableCell className="px-3 py-3" data-testid="credit-balance">
                {company.creditBalance}
              </TableCell>
              <TableCell className="px-3 py-3">
                <Actions company={company} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </CardTable>
      </div>
      <div className="lg:hidden" data-testid="admin-billing-cards">
        <CardList label="Companies">
          {companies.map((company) => (
            <li key={company.id} className="flex flex-col gap-3 px-4 py-4" data-testid="admin-billing-card">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{company.name}</h3>
                <StatusBadges company={company} />
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-700">Owner</dt>
                <dd className="break-all text-slate-900">{company.owner?.email ?? 'No owner'}</dd>
                <dt className="text-slate-700">Plan</dt>
                <dd className="text-slate-900">{planName(company.plan)}</dd>
                <dt className="text-slate-700">Trial ends</dt>
                <dd className="text-slate-900">{trialEnd(company)}</dd>
                <dt className="text-slate-700">Active files</dt>
                <dd className="text-slate-900">{company.activeFiles}</dd>
                <dt className="text-slate-700">MRR</dt>
                <dd className="text-slate-900">{cash(company.mrrCents)}</dd>
                <dt className="text-slate-700">Failed payments</dt>
                <dd className="text-slate-900">{company.failedPayments}</dd>
                <dt className="text-slate-700">Credits</dt>
                <dd className="text-slate-900" data-testid="credit-balance">
                  {company.creditBalance}
                </dd>
              </dl>
              <Actions company={company} onAction={onAction} />
            </li>
          ))}
          {empty && <li className="px-4 py-3 text-sm text-slate-700">{empty}</li>}
        </CardList>
      </div>
    </>
  );
}
