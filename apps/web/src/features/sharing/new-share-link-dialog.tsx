import { z } from 'zod';
import { useState } from 'react';
import { SHARE_AUDIENCES, SHARE_AUDIENCE_LABELS, SHARE_LINK_DEFAULT_DAYS, SHARE_LINK_MAX_DAYS } from '@ridgeline/shared/domain/documents';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormError, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { FormRadioGroup } from '../../components/ui/radio-group';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useCreateShareLink } from '../../lib/api/documents';
import { useShareChoices } from './api/share-choices';
import { CopyLink } from '../../components/copy-link';

// A new link to one report or proposal of the claim file, for an adjuster or the homeowner, valid
// for a number of days (30 unless changed, at most a year).

const newLinkFormSchema = z.object({
  /** "report:<id>" or "proposal:<id>". */
  target: z.string().regex(/^(report|proposal):[0-9a-f-]{36}$/, 'Choose what the link opens'),
  audience: z.enum(SHARE_AUDIENCES, 'Choose who the link is for'),
  expiresInDays: z.coerce
    .number<string>('Enter a number of days')
    .int('Enter a whole number of days')
    .min(1, `Enter between 1 and ${SHARE_LINK_MAX_DAYS} days`)
    .max(SHARE_LINK_MAX_DAYS, `Enter between 1 and ${SHARE_LINK_MAX_DAYS} days`),
});

const AUDIENCE_OPTIONS = SHARE_AUDIENCES.map((a) => ({
  value: a,
  label: SHARE_AUDIENCE_LABELS[a],
  description: a === 'adjuster' ? 'Sees the document and downloads its PDF.' : 'Sees the document; a proposal can be signed on screen.',
}));

export function NewShareLinkDialog({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const choices = useShareChoices(projectId, open);
  const create = useCreateShareLink();
  const defaults = { target: '', audience: 'adjuster' as const, expiresInDays: String(SHARE_LINK_DEFAULT_DAYS) };
  const form = useZodForm(newLinkFormSchema, { defaultValues: defaults });

  const submit = (values: z.output<typeof newLinkFormSchema>) => {
    const [kind, id] = values.target.split(':') as ['report' | 'proposal', string];
    create.mutate(
      { ...(kind === 'report' ? { reportId: id } : { proposalId: id }), audience: values.audience, expiresInDays: values.expiresInDays },
      {
        onSuccess: (link) => {
          setMade(link.url);
          notify.success('Share link made', 'Copy it and send it.');
        },
        onError: showErrorOnForm(form),
      },
    );
  };

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setMade(null);
      form.reset(defaults);
    }
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <Button type="button" onClick={() => openChange(true)}>
        New share link
      </Button>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>New share link</DialogTitle>
          <DialogDescription>Anyone with the link sees this one document, without signing in, until it expires or you revoke it.</DialogDescription>
        </DialogHeader>
        {made ? (
          <>
            <CopyLink url={made} label="Share link" />
            <DialogFooter>
              <Button type="button" onClick={() => openChange(false)}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : choices.isPending ? (
          <Skeleton className="h-24" aria-label="Loading the documents" />
        ) : choices.isError ? (
          <Alert>The documents could not be read: {errorText(choices.error)}</Alert>
        ) : choices.data.length === 0 ? (
          <Alert tone="info">This claim file has no report or proposal to share yet.</Alert>
        ) : (
          <Form form={form} onSubmit={submit}>
            <FormField name="target" label="What the link opens" control="select">
              <option value="">Choose a report or proposal</option>
              {choices.data.map((choice) => (
                <option key={`${choice.kind}:${choice.id}`} value={`${choice.kind}:${choice.id}`}>
                  {choice.label}
                </option>
              ))}
            </FormField>
            <FormRadioGroup name="audience" legend="Who it is for" options={AUDIENCE_OPTIONS} />
            <FormField
              name="expiresInDays"
              label="Days valid"
              type="number"
              inputMode="numeric"
              min={1}
              max={SHARE_LINK_MAX_DAYS}
              hint={`1 to ${SHARE_LINK_MAX_DAYS} days`}
            />
            <FormError />
            <DialogFooter>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Making the link…' : 'Make link'}
              </Button>
            </DialogFooter>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
