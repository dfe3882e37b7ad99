import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { BILLING_STATUSES, type BillingStatus } from '@ridgeline/shared/domain/billing';
import type { AdminBillingPage } from '@ridgeline/shared/contracts/billing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAdminBillingCompanies } from './api/admin-billing';
import { AdminCompaniesList, BILLING_STATUS_LABELS, cash } from './admin/admin-companies-list';
import { CompanyActionDialog, type CompanyAction, type OpenAsOwner } from './admin/admin-company-dialogs';
import { AdminServiceOrders } from './admin-service-orders';
import { FilterSelect } from '../../components/filter-select';
import { usePagedFilters } from '../../lib/use-paged-filters';

export type { OpenAsOwner } from './admin/admin-company-dialogs';

const PAGE_SIZE = 25;

function Totals({ totals }: { totals: AdminBillingPage['totals'] }) {
  const figures: [string, string][] = [
    ['MRR', cash(totals.mrrCents)],
    ['Paying', String(totals.paying)],
    ['Trialing', String(totals.trialing)],
    ['Read-only', String(totals.readOnly)],
    ['Failed payments', String(totals.failedPayments)],
    ['Credits', totals.credits.toLocaleString('en-US')],
  ];
  return (
    <dl aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {figures.map(([label, value]) => (
        <CardDiv key={label} className="p-4">
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className="text-xl font-bold text-slate-900" data-testid={`total-${label.toLowerCase().replace(/\W+/g, '-')}`}>
            {value}
          </dd>
        </CardDiv>
      ))}
    </dl>
  );
}

function Companies({ openAsOwner }: { openAsOwner: OpenAsOwner }) {
  const { filters, filter, page, setPage } = usePagedFilters<{ q: string; status: BillingStatus | '' }>({ q: '', status: '' });
  const { q, status } = filters;
  const [action, setAction] = useState<CompanyAction | null>(null);
  const query = useDeferredValue(q.trim());
  const companies = useAdminBillingCompanies({ q: query, status, page, pageSize: PAGE_SIZE });
  const data = companies.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-4">
      {companies.isError && <Alert>The companies could not be loaded.</Alert>}
      {data ? <Totals totals={data.totals} /> : <Skeleton className="h-20" />}
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <div className="flex flex-col gap-1">
          <Label htmlFor="company-search">Find a company</Label>
          <div className="relative">
            <Search aria-hidden="true" className="absolute top-3.5 left-3 size-4 text-slate-500" />
            <Input
              id="company-search"
              type="search"
              value={q}
              onChange={(event) => filter({ q: event.target.value })}
              placeholder="Company name or owner email"
              className="pl-9"
            />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="company-status">Status</Label>
          <FilterSelect
            id="company-status"
            value={status}
            onChange={(value) => filter({ status: value })}
            all="All statuses"
            values={BILLING_STATUSES}
            labels={BILLING_STATUS_LABELS}
          />
        </div>
      </div>
      {data ? <AdminCompaniesList companies={data.companies} onAction={setAction} /> : <Skeleton className="h-40" />}
      {data && data.total > data.pageSize && (
        <nav aria-label="Pages of companies" className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <p className="text-sm text-slate-700">
            Page {page} of {pages} · {data.total} companies
          </p>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
      <CompanyActionDialog action={action} onClose={() => setAction(null)} openAsOwner={openAsOwner} />
    </div>
  );
}

/**
 * /admin/payments for platform admins: every company's plan, status, trial, active files, MRR,
 * failed payments and credits with the totals, credits granted or removed and trials extended with a
 * reason, a company opened as its owner; and the queue of service orders.
 */
export function AdminPaymentsPage({ openAsOwner }: { openAsOwner: OpenAsOwner }) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Admin Payments</h1>
        <p className="mt-1 text-slate-700">Plans, trials, revenue and credits across companies.</p>
      </header>
      <Tabs defaultValue="companies" className="flex flex-col gap-4">
        <TabsList className="sm:max-w-md">
          <TabsTrigger value="companies">Companies</TabsTrigger>
          <TabsTrigger value="service-orders">Service orders</TabsTrigger>
        </TabsList>
        <TabsContent value="companies">
          <Companies openAsOwner={openAsOwner} />
        </TabsContent>
        <TabsContent value="service-orders">
          <AdminServiceOrders />
        </TabsContent>
      </Tabs>
    </div>
  );
}
