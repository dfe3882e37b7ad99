import { emailShareLinkSchema, type EmailShareLinkInput, type ShareLink } from '@ridgeline/shared/contracts/documents';
import { SHARE_AUDIENCE_LABELS } from '@ridgeline/shared/domain/documents';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { Copy, Link2, Mail } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { QueryThen } from '../../components/query-then';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Form, FormError, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { SubmitButton } from '../../components/submit-button';
import { Skeleton } from '../../components/ui/skeleton';
import { TableCell, TableRow } from '../../components/ui/table';
import { useMe } from '../../lib/api/me';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useEmailShareLink } from './api/email-share-link';
import { useRevokeShareLink } from './api/revoke-share-link';
import { useShareLinkViews } from './api/share-link-views';
import { useShareLinks } from './api/share-links';
import { NewShareLinkDialog } from './new-share-link-dialog';
import { formatDate, formatDateTime } from '../../lib/dates';
import { TitledSection } from '../../components/titled-section';
import { ListTable } from '../../components/list-table';

// The claim file's share links: create, copy, send by email (each send listed: to whom, by whom,
// when), revoke (owners and managers: sharing.policy.ts on the server), and who opened them.

/** Why a member sees no Revoke button. */
export const REVOKE_RIGHTS_TEXT = 'Owners and managers of your company can revoke a share link.';

const STATE: Record<ShareLink['state'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

const when = (iso: string) => formatDateTime(iso);
const day = (iso: string) => formatDate(iso);

export function ShareLinksPanel({ projectId }: { projectId: string }) {
  const links = useShareLinks(projectId);
  const role = useMe().data?.company?.role ?? null;
  const canRevoke = role !== null && canManageCompany(role);
  return (
    <TitledSection id="share-links-heading" title="Share links" className="flex flex-col gap-4" action={<NewShareLinkDialog projectId={projectId} />}>
      <QueryThen query={links} loadingLabel="Loading the share links" loadingClassName="h-24" failure="The share links could not be read">
        {(data) =>
          data.length === 0 ? (
            <EmptyState icon={<Link2 aria-hidden="true" className="size-6" />} title="No share link yet">
              <p>Share a report with the adjuster or a proposal with the homeowner: they open it without signing in.</p>
            </EmptyState>
          ) : (
            <>
              {!canRevoke && role !== null && data.some((link) => link.state === 'active') && <p className="text-sm text-slate-700">{REVOKE_RIGHTS_TEXT}</p>}
              <ul className="flex flex-col gap-3">
                {data.map((link) => (
                  <li key={link.id}>
                    <ShareLinkRow link={link} canRevoke={canRevoke} />
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryThen>
    </TitledSection>
  );
}

function ShareLinkRow({ link, canRevoke }: { link: ShareLink; canRevoke: boolean }) {
  const [viewsOpen, setViewsOpen] = useState(false);
  const state = STATE[link.state];
  const name = `${link.title} for the ${SHARE_AUDIENCE_LABELS[link.audience].toLowerCase()}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      notify.success('Link copied', 'Paste it into a text or an email.');
    } catch {
      notify.error('Could not copy the link', link.url);
    }
  };

  return (
    <article aria-label={name} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold text-slate-900">{link.title}</h3>
        <Badge tone="info">{SHARE_AUDIENCE_LABELS[link.audience]}</Badge>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
        <dt>{link.state === 'expired' ? 'Expired' : 'Expires'}</dt>
        <dd>
          <time dateTime={link.expiresAt}>{day(link.expiresAt)}</time>
        </dd>
        {link.revokedAt && (
          <>
            <dt>Revoked on</dt>
            <dd>
              <time dateTime={link.revokedAt}>{when(link.revokedAt)}</time>
            </dd>
          </>
        )}
        <dt>Views</dt>
        <dd>{link.viewCount}</dd>
        <dt>Last viewed</dt>
        <dd>{link.lastViewedAt ? <time dateTime={link.lastViewedAt}>{when(link.lastViewedAt)}</time> : 'Not opened yet'}</dd>
      </dl>
      {link.emails.length > 0 && (
        <ul aria-label={`Emails of ${name}`} className="flex flex-col gap-0.5 text-sm text-slate-700">
          {link.emails.map((email, i) => (
            <li key={`${email.sentAt}-${i}`}>
              Emailed to <span className="font-medium break-all text-slate-900">{email.to}</span>
              {email.sentBy ? ` by ${email.sentBy.name}` : ''} on <time dateTime={email.sentAt}>{when(email.sentAt)}</time>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {link.state === 'active' && (
          <Button type="button" variant="secondary" onClick={() => void copy()} aria-label={`Copy link: ${name}`}>
            <Copy aria-hidden="true" className="size-4" />
            Copy link
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={() => setViewsOpen((o) => !o)} aria-expanded={viewsOpen} aria-label={`Views: ${name}`}>
          Views
        </Button>
        {link.state === 'active' && <EmailButton link={link} name={name} />}
        {link.state === 'active' && canRevoke && <RevokeButton link={link} name={name} />}
      </div>
      {viewsOpen && <ViewLog linkId={link.id} name={name} />}
    </article>
  );
}

/** Sends the link by email from the product: to one address, with a short note; the reply goes to the sender. */
function EmailButton({ link, name }: { link: ShareLink; name: string }) {
  const [open, setOpen] = useState(false);
  const send = useEmailShareLink();
  const form = useZodForm(emailShareLinkSchema, { defaultValues: { to: '', note: '' } });
  const submit = (input: EmailShareLinkInput) =>
    send.mutate(
      { id: link.id, input: { to: input.to, ...(input.note?.trim() ? { note: input.note } : {}) } },
      {
        onSuccess: () => {
          setOpen(false);
          form.reset({ to: '', note: '' });
          notify.success('Link sent', `${name} was emailed to ${input.to}.`);
        },
        onError: showErrorOnForm(form),
      },
    );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)} aria-label={`Email link: ${name}`}>
        <Mail aria-hidden="true" className="size-4" />
        Email link
      </Button>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>Email this link</DialogTitle>
          <DialogDescription>{name} is sent from Ridgeline with your company's name; replies come to you. Each send is listed on the link.</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} aria-label="Email the link">
          <FormField name="to" label="Email address" type="email" autoComplete="email" inputMode="email" />
          <FormField name="note" label="Note (optional)" control="textarea" rows={3} hint="A few words of your own, printed above the link." />
          <FormError />
          <DialogFooter>
            <SubmitButton isSubmitting={send.isPending} busyText="Sending…" className="w-full sm:w-auto">
              Send link
            </SubmitButton>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function RevokeButton({ link, name }: { link: ShareLink; name: string }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeShareLink();
  const confirm = () =>
    revoke.mutate(link.id, {
      onSuccess: () => {
        setOpen(false);
        notify.success('Link revoked', 'Whoever has it now sees that it is no longer valid.');
      },
      onError: (e) => notify.error('Could not revoke the link', errorText(e)),
    });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="destructive-outline" onClick={() => setOpen(true)} aria-label={`Revoke: ${name}`}>
        Revoke
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke this link?</DialogTitle>
          <DialogDescription>
            {name} stops working at once, for good. Whoever opens it sees that it is no longer valid; you can make a new link later.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Keep the link
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={confirm} disabled={revoke.isPending}>
            {revoke.isPending ? 'Revoking…' : 'Revoke link'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ViewLog({ linkId, name }: { linkId: string; name: string }) {
  const views = useShareLinkViews(linkId, true);
  if (views.isPending) return <Skeleton className="h-12" aria-label="Loading the views" />;
  if (views.isError) return <Alert>The views could not be read: {errorText(views.error)}</Alert>;
  if (views.data.views.length === 0) return <p className="text-sm text-slate-700">Nobody has opened this link yet.</p>;
  return (
    <div className="overflow-x-auto">
      <ListTable caption={<>Views of {name}</>} headers={['When', 'IP address', 'Browser']}>
        {views.data.views.map((view, i) => (
          <TableRow key={`${view.viewedAt}-${i}`}>
            <TableCell>
              <time dateTime={view.viewedAt}>{when(view.viewedAt)}</time>
            </TableCell>
            <TableCell>{view.ip ?? '—'}</TableCell>
            <TableCell className="max-w-xs break-words">{view.userAgent ?? '—'}</TableCell>
          </TableRow>
        ))}
      </ListTable>
    </div>
  );
}
