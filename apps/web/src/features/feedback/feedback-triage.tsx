import { FEEDBACK_STATUSES, FEEDBACK_TYPES, type FeedbackStatus, type FeedbackType } from '@ridgeline/shared/domain/feedback';
import type { AdminFeedbackQuery } from '@ridgeline/shared/contracts/feedback';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { NativeSelect } from '../../components/ui/native-select';
import { agoText } from '../../lib/relative-time';
import { errorText } from '../../lib/error-text';
import { useFeedbackSummary } from './api/feedback-summary';
import { useTriage } from './api/triage';
import { FeedbackCard } from './feedback-parts';
import { repliesText, statusLabel, typeLabel } from './feedback-words';
import { paths } from '../../lib/paths';
import { LabeledOptions, NamedOptions } from '../../components/choice-options';

type StatusFilter = FeedbackStatus | 'open' | 'all';

const isStatusFilter = (value: string | null): value is StatusFilter =>
  value === 'open' || value === 'all' || FEEDBACK_STATUSES.some((status) => status === value);
const isType = (value: string | null): value is FeedbackType => FEEDBACK_TYPES.some((type) => type === value);

/** The filters as the page's address holds them (so going back to the list keeps them): open items of every type and company unless chosen. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status: StatusFilter = isStatusFilter(rawStatus) ? rawStatus : 'open';
  const rawType = params.get('type');
  const type = isType(rawType) ? rawType : null;
  const companyId = params.get('company') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const query: AdminFeedbackQuery = { status: status === 'all' ? undefined : status, type: type ?? undefined, companyId: companyId || undefined, page };
  return { status, type, companyId, page, query, set };
}

function Filters({ filters, companies }: { filters: ReturnType<typeof useFilters>; companies: readonly { id: string; name: string }[] }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field id="triage-status" label="Status">
        <NativeSelect
          value={filters.status}
          onChange={(event) => filters.set({ status: event.target.value === 'open' ? null : event.target.value, page: null })}
        >
          <option value="open">Open (new, planned, in progress)</option>
          <option value="all">Every status</option>
          <LabeledOptions values={FEEDBACK_STATUSES} labels={statusLabel} />
        </NativeSelect>
      </Field>
      <Field id="triage-type" label="Type">
        <NativeSelect value={filters.type ?? ''} onChange={(event) => filters.set({ type: event.target.value, page: null })}>
          <option value="">Every type</option>
          <LabeledOptions values={FEEDBACK_TYPES} labels={typeLabel} />
        </NativeSelect>
      </Field>
      <Field id="triage-company" label="Company">
        <NativeSelect value={filters.companyId} onChange={(event) => filters.set({ company: event.target.value, page: null })}>
          <option value="">Every company</option>
          <NamedOptions items={companies} />
        </NativeSelect>
      </Field>
    </div>
  );
}

/** The Ridgeline team's triage list of every company's feedback; app/admin-feedback-routes.tsx shows it to platform admins only. */
export function FeedbackTriage() {
  const filters = useFilters();
  const triage = useTriage(filters.query);
  const summary = useFeedbackSummary(true);
  const data = triage.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Feedback Triage</h1>
        <p className="text-slate-700">
          Every company&apos;s feedback, last changed first. Open one to change its status or reply; its author is told in their inbox and by email.
        </p>
        {summary.data && (
          <p className="flex flex-wrap gap-2 pt-1" data-testid="triage-counts">
            <Badge tone="info">{summary.data.open} open</Badge>
            <Badge tone="neutral">{summary.data.new} new</Badge>
          </p>
        )}
      </header>
      <Filters filters={filters} companies={data?.companies ?? []} />
      {triage.isPending && <p role="status">Loading the feedback…</p>}
      {triage.isError && <Alert>{errorText(triage.error)}</Alert>}
      {data && data.items.length === 0 && <EmptyState title="Nothing here">No feedback matches these filters.</EmptyState>}
      {data && data.items.length > 0 && (
        <>
          <p role="status" className="text-sm text-slate-700">
            {data.total === 1 ? '1 item' : `${data.total} items`}
          </p>
          <ul aria-label="Feedback to triage" className="flex flex-col gap-3">
            {data.items.map((item) => (
              <li key={item.id}>
                <FeedbackCard
                  item={item}
                  to={paths.adminFeedbackItem(item.id)}
                  facts={
                    <>
                      <span>{item.company.name}</span>
                      <span>{item.author ? item.author.name : 'A removed user'}</span>
                      {item.page && <span className="break-all">{item.page}</span>}
                      <span>{repliesText(item.replyCount)}</span>
                      {item.lastReplyBy === 'author' && <Badge tone="warning">The author answered</Badge>}
                      <span>
                        Changed <time dateTime={item.updatedAt}>{agoText(item.updatedAt)}</time>
                      </span>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Pages of feedback" className="flex items-center justify-between gap-2">
              <Button variant="secondary" disabled={filters.page <= 1} onClick={() => filters.set({ page: String(filters.page - 1) })}>
                Previous page
              </Button>
              <span className="text-sm text-slate-700">
                Page {filters.page} of {pages}
              </span>
              <Button variant="secondary" disabled={filters.page >= pages} onClick={() => filters.set({ page: String(filters.page + 1) })}>
                Next page
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
