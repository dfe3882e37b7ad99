import type { Proposal } from '@ridgeline/shared/contracts/documents';
import { approvedAmountWords, canEditProposal, homeownerShare, isInsurerFigure } from '@ridgeline/shared/domain/documents';
import { FileSignature, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useCompanyDetailsGate } from '../../components/company-details-prompt';
import { QueryThen } from '../../components/query-then';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useMe } from '../../lib/api/me';
import { errorText } from '../../lib/error-text';
import { formatCents } from '../../lib/money';
import { notify } from '../../lib/toast';
import { useProposals } from './api/proposals';
import { useCreateShareLink } from '../../lib/api/documents';
import { CopyLink } from '../../components/copy-link';
import { NewProposalDialog } from './new-proposal-dialog';
import { ProposalEditor } from './proposal-editor';
import { tierLabel } from './proposal-form-schema';
import { ProposalPdf } from './proposal-pdf';
import { SignatureRecord } from './signature-record';
import { formatDate } from '../../lib/dates';
import { TitledSection } from '../../components/titled-section';

// The claim file's proposals for the homeowner: build one from an estimate, its PDF, its signature.
// Edit is offered to whoever may change the proposal (proposals.policy.ts on the server).

/** Why a member sees no Edit on a colleague's proposal. */
export const PROPOSAL_RIGHTS_TEXT = 'Only the person who prepared this proposal, or an owner or manager, can change it.';

const STATUS: Record<Proposal['status'], { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'info' },
  signed: { label: 'Signed', tone: 'success' },
};

const day = (iso: string) => formatDate(iso);

export function ProjectProposals({ projectId }: { projectId: string }) {
  const proposals = useProposals(projectId);
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <TitledSection
      id="project-proposals-heading"
      title="Proposals"
      className="flex flex-col gap-4"
      action={<NewProposalDialog projectId={projectId} onCreated={setEditing} />}
    >
      <QueryThen query={proposals} loadingLabel="Loading the proposals" loadingClassName="h-24" failure="The proposals could not be read">
        {(data) =>
          data.length === 0 ? (
            <EmptyState icon={<FileSignature aria-hidden="true" className="size-6" />} title="No proposal yet">
              <p>Build good, better and best options from an estimate, then share them with the homeowner to sign on screen.</p>
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-4">
              {data.map((proposal, index) => (
                <li key={proposal.id}>
                  <ProposalCard
                    proposal={proposal}
                    number={data.length - index}
                    editing={editing === proposal.id}
                    onEdit={(on) => setEditing(on ? proposal.id : null)}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryThen>
    </TitledSection>
  );
}

type CardProps = { proposal: Proposal; number: number; editing: boolean; onEdit: (on: boolean) => void };

function ProposalCard({ proposal, number, editing, onEdit }: CardProps) {
  const share = useCreateShareLink();
  // The homeowner signs through the link and gets the PDF with the letterhead: its details come first.
  const letterhead = useCompanyDetailsGate('a proposal');
  const [link, setLink] = useState<string | null>(null);
  const status = STATUS[proposal.status];
  const signed = proposal.status === 'signed';
  const me = useMe().data;
  const role = me?.company?.role ?? null;
  const canEdit = me !== undefined && role !== null && canEditProposal(role, me.id, { status: proposal.status, createdBy: proposal.createdBy?.id ?? null });
  const chosen = proposal.options.find((o) => o.tier === proposal.chosenTier);
  const title = `Proposal ${number}`;

  const shareWithHomeowner = () =>
    share.mutate(
      { proposalId: proposal.id, audience: 'homeowner' },
      {
        onSuccess: (created) => {
          setLink(created.url);
          notify.success('Link ready', 'Copy it and send it to the homeowner.');
        },
        onError: (e) => notify.error('Could not make the link', errorText(e)),
      },
    );

  return (
    <article aria-label={title} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="text-sm text-slate-700">
          {signed && proposal.signature
            ? `signed by the homeowner, ${proposal.signature.name}, on ${day(proposal.signature.signedAt)}`
            : `updated ${day(proposal.updatedAt)}`}
          {proposal.createdBy ? ` · prepared by ${proposal.createdBy.name}` : ''}
        </span>
      </header>
      {chosen && (
        <p className="text-sm text-slate-900">
          Chosen: <strong>{tierLabel(chosen.tier)}</strong> ({chosen.productLine}, {formatCents(chosen.priceCents)})
        </p>
      )}
      {proposal.approvedCents !== null && !editing && (
        <p className={`text-sm ${isInsurerFigure(proposal.approvedSource) ? 'text-slate-900' : 'text-amber-900'}`} data-testid="proposal-approved">
          {approvedAmountWords(proposal.approvedSource).label}: <strong className="tabular-nums">{formatCents(proposal.approvedCents)}</strong>
          {proposal.approvedSource === 'insurer' ? ' (from the Money tab: RCV plus approved supplements)' : ''}
        </p>
      )}
      {editing && canEdit ? (
        <ProposalEditor proposal={proposal} onDone={() => onEdit(false)} />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-3" aria-label={`Options of ${title}`}>
          {proposal.options.map((option) => (
            <li key={option.tier} className="rounded-md bg-slate-50 p-3 text-sm">
              <p className="font-semibold text-slate-900">
                {tierLabel(option.tier)}: {formatCents(option.priceCents)}
              </p>
              <p className="text-slate-700">{option.productLine}</p>
              <HomeownerPart proposal={proposal} priceCents={option.priceCents} />
            </li>
          ))}
        </ul>
      )}
      {!editing && canEdit && (proposal.deductibleCents === null || proposal.approvedCents === null) && (
        <p className="text-sm text-amber-900">Add the deductible and the approved amount (Edit) to show the homeowner's part of each option.</p>
      )}
      {signed && <SignatureRecord proposal={proposal} />}
      <div className="flex flex-wrap gap-2">
        {canEdit && !editing && (
          <Button type="button" variant="secondary" onClick={() => onEdit(true)}>
            Edit
          </Button>
        )}
        {!editing && <ProposalPdf proposal={proposal} />}
        {!signed && !editing && (
          <Button type="button" variant="secondary" onClick={() => letterhead.run(shareWithHomeowner)} disabled={share.isPending}>
            <Share2 aria-hidden="true" className="size-4" />
            Share with homeowner
          </Button>
        )}
      </div>
      {!signed && !canEdit && role !== null && <p className="text-sm text-slate-700">{PROPOSAL_RIGHTS_TEXT}</p>}
      {link && (
        <>
          <CopyLink url={link} label="Homeowner link" pasteHint="Paste it into a text or an email to the homeowner." />
          <p className="text-sm text-slate-700">To send it by email from here, use Email link on it under Share links.</p>
        </>
      )}
      {letterhead.dialog}
    </article>
  );
}

/**
 * "Insurance pays $9,000.00 · Homeowner pays $1,000.00" ("Insurance would pay" while the figure is our
 * estimate): the homeowner's part of one option, once both amounts are known.
 */
function HomeownerPart({ proposal, priceCents }: { proposal: Proposal; priceCents: number }) {
  if (proposal.deductibleCents === null || proposal.approvedCents === null) return null;
  const share = homeownerShare({ priceCents, approvedCents: proposal.approvedCents, deductibleCents: proposal.deductibleCents });
  return (
    <p className="text-slate-700">
      {approvedAmountWords(proposal.approvedSource).insurerPays} {formatCents(share.insurerPaysCents)} · Homeowner pays {formatCents(share.homeownerPaysCents)}
    </p>
  );
}
