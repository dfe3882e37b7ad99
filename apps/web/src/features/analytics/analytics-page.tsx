import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  analyticsQuerySchema,
  type Analytics,
  type AnalyticsQuery,
  type ApprovalRow,
  type CycleTimeRow,
  type MonthlyRevenueRow,
  type StatusDaysRow,
  type StatusValueRow,
  type WeeklyActivityRow,
} from '@ridgeline/shared/contracts/analytics';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { useDocumentTitle } from '../../components/use-document-title';
import { formatDay, formatMonth } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { formatCents } from '../../lib/money';
import { useAnalytics } from './api/analytics';
import { CHART_COLORS, FigureBarChart } from './components/bar-chart';
import { FigureCard, type FigureColumn } from './components/figure-card';
import { FiltersForm } from './components/filters-form';

const FILTER_KEYS = ['from', 'to', 'memberId', 'carrierId', 'lossType'] as const;
/** The default view's filters: one object, so the form is not reset on every render of a bad link. */
const NO_FILTERS: AnalyticsQuery = {};

/** The filters in the page's address (so a view can be linked); a link with bad ones shows the default view and says so. */
function useFiltersInAddress() {
  const [params, setParams] = useSearchParams();
  const raw = params.toString();
  // Parsed again only when the address's text changes, so the applied filters keep their identity.
  const parsed = useMemo(() => {
    const address = new URLSearchParams(raw);
    const asked = Object.fromEntries(FILTER_KEYS.flatMap((key) => (address.get(key) ? [[key, address.get(key)]] : [])));
    return analyticsQuerySchema.safeParse(asked);
  }, [raw]);
  const query: AnalyticsQuery = parsed.success ? parsed.data : NO_FILTERS;
  const apply = (next: AnalyticsQuery) => {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const value = next[key];
      if (value) search.set(key, value);
    }
    setParams(search);
  };
  return { query, badLink: !parsed.success, apply };
}

const days = (value: number | null) => (value === null ? '—' : `${value}`);
const count = (value: number) => value.toLocaleString('en-US');
const fileDate = (figures: Analytics) => `${figures.filters.from}-to-${figures.filters.to}`;

const approvalColumns = (what: string): FigureColumn<ApprovalRow>[] => [
  { header: what, cell: (row) => row.label, csv: (row) => row.label },
  { header: 'Approved', cell: (row) => count(row.approved), csv: (row) => row.approved, numeric: true },
  { header: 'Denied', cell: (row) => count(row.denied), csv: (row) => row.denied, numeric: true },
  { header: 'Approval rate', cell: (row) => `${row.percent}%`, csv: (row) => row.percent, numeric: true },
];

const cycleColumns: FigureColumn<CycleTimeRow>[] = [
  { header: 'From the inspection to', cell: (row) => row.label.replace('Inspection to ', ''), csv: (row) => row.label },
  { header: 'Claim files', cell: (row) => count(row.claimFiles), csv: (row) => row.claimFiles, numeric: true },
  { header: 'Median (days)', cell: (row) => days(row.medianDays), csv: (row) => row.medianDays, numeric: true },
  { header: '90th percentile (days)', cell: (row) => days(row.p90Days), csv: (row) => row.p90Days, numeric: true },
];

const pipelineColumns: FigureColumn<StatusValueRow>[] = [
  { header: 'Status', cell: (row) => row.name, csv: (row) => row.name },
  { header: 'Claim files', cell: (row) => count(row.claimFiles), csv: (row) => row.claimFiles, numeric: true },
  { header: 'RCV', cell: (row) => formatCents(row.rcvCents), csv: (row) => (row.rcvCents / 100).toFixed(2), numeric: true },
];

const statusDaysColumns: FigureColumn<StatusDaysRow>[] = [
  { header: 'Status', cell: (row) => row.name, csv: (row) => row.name },
  { header: 'Stays', cell: (row) => count(row.stays), csv: (row) => row.stays, numeric: true },
  { header: 'Average (days)', cell: (row) => days(row.averageDays), csv: (row) => row.averageDays, numeric: true },
  { header: 'Median (days)', cell: (row) => days(row.medianDays), csv: (row) => row.medianDays, numeric: true },
];

const weeklyColumns: FigureColumn<WeeklyActivityRow>[] = [
  { header: 'Week of', cell: (row) => formatDay(row.week), csv: (row) => row.week },
  { header: 'Member', cell: (row) => row.memberName, csv: (row) => row.memberName },
  { header: 'Inspections', cell: (row) => count(row.inspections), csv: (row) => row.inspections, numeric: true },
  { header: 'Photos', cell: (row) => count(row.photos), csv: (row) => row.photos, numeric: true },
];

const revenueColumns: FigureColumn<MonthlyRevenueRow>[] = [
  { header: 'Month', cell: (row) => formatMonth(row.month), csv: (row) => row.month.slice(0, 7) },
  { header: 'Payments', cell: (row) => count(row.payments), csv: (row) => row.payments, numeric: true },
  { header: 'Received', cell: (row) => formatCents(row.receivedCents), csv: (row) => (row.receivedCents / 100).toFixed(2), numeric: true },
];

type SupplementRow = { label: string; count: number; cents: number };
const supplementColumns: FigureColumn<SupplementRow>[] = [
  { header: 'Supplements', cell: (row) => row.label, csv: (row) => row.label },
  { header: 'Count', cell: (row) => count(row.count), csv: (row) => row.count, numeric: true },
  { header: 'Amount', cell: (row) => formatCents(row.cents), csv: (row) => (row.cents / 100).toFixed(2), numeric: true },
];

type ApprovalCardProps = { id: string; title: string; description: string; by: string; rows: ApprovalRow[]; fileName: string };

/** Claim files approved and denied by one grouping (carrier, loss type): the table, and the approval rate as sideways bars. */
function ApprovalCard({ id, title, description, by, rows, fileName }: ApprovalCardProps) {
  return (
    <FigureCard
      id={id}
      title={title}
      description={description}
      rows={rows}
      columns={approvalColumns(by)}
      fileName={fileName}
      empty="No claim file opened in the range was approved or denied yet."
      chart={
        <FigureBarChart
          sideways
          data={rows.map((row) => ({ label: row.label, percent: row.percent }))}
          series={[{ key: 'percent', name: 'Approval rate', color: CHART_COLORS.blue }]}
          kind="percent"
        />
      }
    />
  );
}

/** Weekly rows summed over members, one bar group per week. */
function weeklyTotals(rows: readonly WeeklyActivityRow[]) {
  const weeks = new Map<string, { inspections: number; photos: number }>();
  for (const row of rows) {
    const week = weeks.get(row.week) ?? { inspections: 0, photos: 0 };
    weeks.set(row.week, { inspections: week.inspections + row.inspections, photos: week.photos + row.photos });
  }
  return [...weeks].map(([week, totals]) => ({ label: formatDay(week), ...totals }));
}

function Figures({ figures }: { figures: Analytics }) {
  const range = fileDate(figures);
  const supplements: SupplementRow[] = [
    { label: 'Requested', count: figures.supplements.requested, cents: figures.supplements.requestedCents },
    { label: 'Approved', count: figures.supplements.approved, cents: figures.supplements.approvedCents },
  ];
  const hasSupplements = figures.supplements.requested > 0 || figures.supplements.approved > 0;
  const pipeline = figures.pipelineByStatus.filter((row) => row.claimFiles > 0);
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      <ApprovalCard
        id="approval-carrier"
        title="Approval rate by carrier"
        description="Claim files opened in the range that were approved, out of those approved or denied."
        by="Carrier"
        rows={figures.approvalByCarrier}
        fileName={`approval-by-carrier-${range}`}
      />
      <ApprovalCard
        id="approval-loss-type"
        title="Approval rate by loss type"
        description="The same claim files, by their loss type."
        by="Loss type"
        rows={figures.approvalByLossType}
        fileName={`approval-by-loss-type-${range}`}
      />
      <FigureCard
        id="supplements"
        title="Supplements requested and approved"
        description={`From the money ledgers of claim files opened in the range${figures.supplements.denied > 0 ? `; ${figures.supplements.denied} denied` : ''}.`}
        rows={hasSupplements ? supplements : []}
        columns={supplementColumns}
        fileName={`supplements-${range}`}
        empty="No supplement on these claim files yet."
        chart={
          <FigureBarChart
            data={supplements.map((row) => ({ label: row.label, cents: row.cents }))}
            series={[{ key: 'cents', name: 'Amount', color: CHART_COLORS.amber }]}
            kind="money"
          />
        }
      />
      <FigureCard
        id="cycle-times"
        title="Time from inspection"
        description="Days from the first inspection to the claim filed, to approval and to the first payment received."
        rows={figures.cycleTimes.some((row) => row.claimFiles > 0) ? figures.cycleTimes : []}
        columns={cycleColumns}
        fileName={`time-from-inspection-${range}`}
        empty="No claim file opened in the range has reached these steps yet."
        chart={
          <FigureBarChart
            data={figures.cycleTimes.map((row) => ({ label: row.label.replace('Inspection to ', ''), median: row.medianDays ?? 0, p90: row.p90Days ?? 0 }))}
            series={[
              { key: 'median', name: 'Median', color: CHART_COLORS.blue },
              { key: 'p90', name: '90th percentile', color: CHART_COLORS.slate },
            ]}
          />
        }
      />
      <FigureCard
        id="pipeline"
        title="Pipeline value by status"
        description="RCV of the claim files opened in the range, by where they are now (the ledger's approved RCV when there is one)."
        rows={pipeline}
        columns={pipelineColumns}
        fileName={`pipeline-value-${range}`}
        empty="No claim file was opened in the range."
        chart={
          <FigureBarChart
            sideways
            data={pipeline.map((row) => ({ label: row.name, rcv: row.rcvCents }))}
            series={[{ key: 'rcv', name: 'RCV', color: CHART_COLORS.green }]}
            kind="money"
          />
        }
      />
      <FigureCard
        id="days-in-status"
        title="Days in each status"
        description="How long the claim files opened in the range stayed in each status (a stay still going counts until today)."
        rows={figures.daysInStatus}
        columns={statusDaysColumns}
        fileName={`days-in-status-${range}`}
        empty="No claim file was opened in the range."
        chart={
          <FigureBarChart
            sideways
            data={figures.daysInStatus.map((row) => ({ label: row.name, average: row.averageDays ?? 0 }))}
            series={[{ key: 'average', name: 'Average days', color: CHART_COLORS.slate }]}
          />
        }
      />
      <FigureCard
        id="weekly-activity"
        title="Inspections and photos per week"
        description="Inspections started and photos received each week (from Monday), per member."
        rows={figures.weeklyActivity}
        columns={weeklyColumns}
        fileName={`inspections-and-photos-${range}`}
        empty="No inspection or photo in the range."
        chart={
          <FigureBarChart
            data={weeklyTotals(figures.weeklyActivity)}
            series={[
              { key: 'inspections', name: 'Inspections', color: CHART_COLORS.blue },
              { key: 'photos', name: 'Photos', color: CHART_COLORS.amber },
            ]}
          />
        }
      />
      <FigureCard
        id="revenue"
        title="Money received per month"
        description="Payments received on the money ledgers, by the month they were received."
        rows={figures.revenueByMonth}
        columns={revenueColumns}
        fileName={`money-received-${range}`}
        empty="No payment was received in the range."
        chart={
          <FigureBarChart
            data={figures.revenueByMonth.map((row) => ({ label: formatMonth(row.month), cents: row.receivedCents }))}
            series={[{ key: 'cents', name: 'Received', color: CHART_COLORS.green }]}
            kind="money"
          />
        }
      />
    </div>
  );
}

/** /analytics: the company's figures for owners and managers, a member's own; filters in the address. */
export default function AnalyticsPage() {
  useDocumentTitle('Analytics');
  const { query, badLink, apply } = useFiltersInAddress();
  const analytics = useAnalytics(query);
  const figures = analytics.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-5">
      <PageHeader title="Analytics">
        {figures?.scope === 'own'
          ? 'Your own figures: the claim files assigned to you, your inspections and your photos.'
          : 'How claims move and pay: approval rates, supplements, time to money, the pipeline and the field work.'}
      </PageHeader>
      {badLink && <Alert>The filters in this link were not valid, so the last 365 days are shown.</Alert>}
      <FiltersForm
        applied={query}
        members={figures?.members ?? []}
        carriers={figures?.carriers ?? []}
        canPickMember={figures?.scope === 'company'}
        onApply={apply}
      />
      {analytics.isPending && <p role="status">Loading the figures…</p>}
      {analytics.isError && <Alert>{errorText(analytics.error)}</Alert>}
      {figures && (
        <>
          <p role="status" className="text-sm text-slate-700">
            {formatDay(figures.filters.from)} to {formatDay(figures.filters.to)}
            {analytics.isFetching ? ' (updating…)' : ''}
          </p>
          <Figures figures={figures} />
        </>
      )}
    </div>
  );
}
