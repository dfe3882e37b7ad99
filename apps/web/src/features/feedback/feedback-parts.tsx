import type { FeedbackDetail, FeedbackEntry } from '@ridgeline/shared/contracts/feedback';
import type { FeedbackSource } from '@ridgeline/shared/domain/feedback';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Card, CardDiv } from '../../components/ui/card';
import { formatDateTime } from '../../lib/dates';
import { entryAuthor, feedbackTitle, statusLabel, statusTone, typeLabel } from './feedback-words';

// The pieces both sides show: an item's badges, the item with what came with it, and its thread.

const SOURCE_NOTE: Record<FeedbackSource, string | null> = { user: null, assistant: 'An answer of the assistant rated wrong' };

export function FeedbackBadges({ item }: { item: Pick<FeedbackDetail, 'type' | 'status' | 'source'> }) {
  const note = SOURCE_NOTE[item.source];
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge tone="neutral">{typeLabel(item.type)}</Badge>
      <Badge tone={statusTone(item.status)}>
        <span className="sr-only">Status: </span>
        {statusLabel(item.status)}
      </Badge>
      {note && <Badge tone="info">{note}</Badge>}
    </span>
  );
}

/** The page of one item: the way back to its list (`back`, named `backLabel`), the page's title, and the item. */
export function FeedbackItemFrame({ back, backLabel, title, children }: { back: string; backLabel: string; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <Link to={back} className="inline-flex min-h-11 w-fit items-center gap-1 text-blue-800 underline underline-offset-2">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {backLabel}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

/** An item in a list of feedback: its title linking to `to`, its badges, and the line of `facts` under them. */
export function FeedbackCard({ item, to, facts }: { item: Pick<FeedbackDetail, 'message' | 'type' | 'status' | 'source'>; to: string; facts: ReactNode }) {
  return (
    <CardDiv className="flex flex-col gap-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold break-words">
          <Link to={to} className="inline-flex min-h-11 items-center text-blue-900 underline-offset-2 hover:underline">
            {feedbackTitle(item)}
          </Link>
        </h2>
        <FeedbackBadges item={item} />
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">{facts}</p>
    </CardDiv>
  );
}

/** A label and its value in the item's facts. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
      <dt className="font-semibold text-slate-900">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** The item: its words, the page, when it was sent, the app version, the browser, the screenshot; `extra` adds facts (the team sees company and author). */
export function FeedbackSummary({ item, headingId, extra }: { item: FeedbackDetail; headingId: string; extra?: ReactNode }) {
  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          What was sent
        </h2>
        <FeedbackBadges item={item} />
      </div>
      <p className="break-words whitespace-pre-line text-slate-900">{item.message}</p>
      <dl className="flex flex-col gap-1.5 text-sm">
        {extra}
        <Fact label="Page">{item.page ?? 'Not about one page'}</Fact>
        <Fact label="Sent">
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </Fact>
        <Fact label="App version">{item.appVersion ?? 'Not known'}</Fact>
        <Fact label="Browser">{item.browser ?? 'Not known'}</Fact>
      </dl>
      {item.screenshot && (
        <figure className="flex flex-col gap-1">
          <a href={item.screenshot.url} target="_blank" rel="noreferrer" className="block w-fit max-w-full rounded-md border border-slate-300">
            <img
              src={item.screenshot.url}
              alt="The screenshot sent with this feedback"
              width={item.screenshot.width}
              height={item.screenshot.height}
              className="h-auto max-h-96 w-auto max-w-full rounded-md"
            />
          </a>
          <figcaption className="text-xs text-slate-700">
            Screenshot, {item.screenshot.width} x {item.screenshot.height} pixels. Select it to open it full size.
          </figcaption>
        </figure>
      )}
    </Card>
  );
}

function EntryItem({ entry, readerIsAuthor }: { entry: FeedbackEntry; readerIsAuthor: boolean }) {
  const who = entryAuthor(entry, readerIsAuthor);
  const when = (
    <time dateTime={entry.createdAt} className="text-sm text-slate-700">
      {formatDateTime(entry.createdAt)}
    </time>
  );
  if (entry.kind === 'status' && entry.status) {
    return (
      <li className="flex flex-wrap items-center gap-x-2 gap-y-1 px-1 text-sm text-slate-800">
        <span>
          {who} moved it to <strong>{statusLabel(entry.status)}</strong>
        </span>
        {when}
      </li>
    );
  }
  return (
    <li>
      <article
        aria-label={`Reply from ${who}`}
        className={`flex flex-col gap-1 rounded-lg border p-3 ${entry.byTeam ? 'border-blue-200 bg-blue-50' : 'border-slate-200 bg-white'}`}
      >
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-slate-900">
          {who} {when}
        </p>
        <p className="break-words whitespace-pre-line text-slate-900">{entry.body}</p>
      </article>
    </li>
  );
}

/** The thread, oldest first: replies as cards, status changes as lines. */
export function FeedbackThread({
  entries,
  readerIsAuthor,
  headingId,
  empty,
}: {
  entries: readonly FeedbackEntry[];
  readerIsAuthor: boolean;
  headingId: string;
  empty: string;
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Replies and changes
      </h2>
      {entries.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <ol aria-labelledby={headingId} className="flex flex-col gap-3">
          {entries.map((entry) => (
            <EntryItem key={entry.id} entry={entry} readerIsAuthor={readerIsAuthor} />
          ))}
        </ol>
      )}
    </section>
  );
}
