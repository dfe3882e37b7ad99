import { FEEDBACK_STATUSES, type FeedbackStatus } from '@ridgeline/shared/domain/feedback';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { NativeSelect } from '../../components/ui/native-select';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useReplyAsTeam, useSetFeedbackStatus } from './api/triage-actions';
import { useTriageItem } from './api/triage-item';
import { FeedbackItemFrame, FeedbackSummary, FeedbackThread } from './feedback-parts';
import { statusLabel } from './feedback-words';
import { ReplyForm } from './reply-form';
import { paths } from '../../lib/paths';
import { LabeledOptions } from '../../components/choice-options';

const isStatus = (value: string): value is FeedbackStatus => FEEDBACK_STATUSES.some((status) => status === value);

/** The team moves the item to another status; its author is told. */
function StatusChange({ id, current }: { id: string; current: FeedbackStatus }) {
  const change = useSetFeedbackStatus(id);
  const [status, setStatus] = useState<FeedbackStatus>(current);
  const apply = () =>
    change.mutate(status, {
      onSuccess: (item) => notify.success('Status changed', `It is now ${statusLabel(item.status)}; the author is told.`),
      onError: (error) => notify.error('Status not changed', errorText(error)),
    });
  return (
    <Card aria-labelledby="triage-status-heading" className="flex flex-col gap-3">
      <h2 id="triage-status-heading" className="text-lg font-semibold text-slate-900">
        Status
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field id="triage-item-status" label="Move it to" className="sm:min-w-60">
          <NativeSelect value={status} onChange={(event) => isStatus(event.target.value) && setStatus(event.target.value)}>
            <LabeledOptions values={FEEDBACK_STATUSES} labels={statusLabel} />
          </NativeSelect>
        </Field>
        <Button onClick={apply} disabled={status === current || change.isPending} className="w-full sm:w-auto">
          {change.isPending ? 'Changing…' : 'Change status'}
        </Button>
      </div>
    </Card>
  );
}

/** One item for the Ridgeline team: what was sent, by whom, from which company; its status and thread, and a reply to its author. */
export function FeedbackTriageItem({ id }: { id: string }) {
  const item = useTriageItem(id);
  const reply = useReplyAsTeam(id);
  return (
    <FeedbackItemFrame back={paths.adminFeedback} backLabel="Feedback Triage" title="Feedback">
      {item.isPending && <p role="status">Loading the feedback…</p>}
      {item.isError && <Alert>{errorText(item.error)}</Alert>}
      {item.data && (
        <>
          <FeedbackSummary
            item={item.data}
            headingId="triage-sent-heading"
            extra={
              <>
                <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
                  <dt className="font-semibold text-slate-900">Company</dt>
                  <dd className="text-slate-800">{item.data.company.name}</dd>
                </div>
                <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
                  <dt className="font-semibold text-slate-900">From</dt>
                  <dd className="break-all text-slate-800">{item.data.author ? `${item.data.author.name} (${item.data.author.email})` : 'A removed user'}</dd>
                </div>
              </>
            }
          />
          <StatusChange key={item.data.status} id={id} current={item.data.status} />
          <FeedbackThread entries={item.data.entries} readerIsAuthor={false} headingId="triage-thread-heading" empty="No reply yet." />
          <ReplyForm
            label="Reply to the author"
            hint="They read it in their Feedback Loop, and are told in their inbox and by email."
            onSend={(body) => reply.mutateAsync(body)}
          />
        </>
      )}
    </FeedbackItemFrame>
  );
}
