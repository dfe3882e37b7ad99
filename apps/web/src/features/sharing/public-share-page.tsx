import { signProposalSchema, type PublicShare, type SignProposalInput } from '@ridgeline/shared/contracts/documents';
import { contactEmailSchema } from '@ridgeline/shared/contracts/fields';
import { approvedAmountWords, homeownerShare, isInsurerFigure, PROPOSAL_TIERS } from '@ridgeline/shared/domain/documents';
import { useMemo } from 'react';
import { CheckCircle2, Download } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { Form, FormError, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { FormRadioGroup } from '../../components/ui/radio-group';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { formatCents } from '../../lib/money';
import { publicShareFileUrl } from './api/share-keys';
import { usePublicShare } from './api/public-share';
import { useSignProposal } from './api/sign-proposal';
import { SignaturePad } from './signature-pad';
import { formatDate, formatDateTime, formatDay } from '../../lib/dates';

// The page a share link opens, with no sign-in: the company, the property, and the one document or
// proposal shared. A report shows its pages and its PDF; a proposal shows its options with the
// homeowner's part of each (what the insurance pays, what they pay), and the homeowner picks one,
// writes their name and the date (and their email, where the claim file has none: the signed PDF is
// sent to it), signs on screen and sends; the signed PDF is then theirs to download. A revoked,
// expired or unknown link says it is no longer valid, and nothing else.

const tierLabel = (tier: string) => PROPOSAL_TIERS.find((t) => t.value === tier)?.label ?? tier;
const day = (iso: string) => formatDate(iso);
const when = (iso: string) => formatDateTime(iso);

/** Today in the reader's own calendar, as YYYY-MM-DD. */
function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export default function PublicSharePage() {
  const { token = '' } = useParams();
  const share = usePublicShare(token);
  useDocumentTitle(share.data ? share.data.title : share.isError ? 'Link no longer valid' : 'Shared document');

  return (
    <main className="mx-auto flex min-h-screen w-full max-w-2xl flex-col gap-6 px-4 py-6 text-slate-900">
      {share.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <h1 className="sr-only">Opening the shared document</h1>
          <Skeleton className="h-10" aria-label="Opening the shared document" />
          <Skeleton className="h-48" />
        </div>
      ) : share.isError ? (
        share.error instanceof ApiError && share.error.status === 404 ? (
          <NoLongerValid />
        ) : (
          <section className="flex flex-col gap-3">
            <h1 className="text-2xl font-semibold">This page could not be opened</h1>
            <Alert>{errorText(share.error)}</Alert>
            <Button type="button" size="lg" onClick={() => void share.refetch()}>
              Try again
            </Button>
          </section>
        )
      ) : (
        <SharedDocument token={token} share={share.data} />
      )}
    </main>
  );
}

function NoLongerValid() {
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-2xl font-semibold">This link is no longer valid</h1>
      <p>It may have expired or been withdrawn by the sender. Please ask the person who sent it to you for a new link.</p>
    </section>
  );
}

function SharedDocument({ token, share }: { token: string; share: PublicShare }) {
  return (
    <>
      <header className="flex items-center gap-3 border-b border-slate-200 pb-4">
        {share.companyLogoUrl && <img src={share.companyLogoUrl} alt={`${share.companyName} logo`} className="h-12 w-auto max-w-32 object-contain" />}
        <div className="flex flex-col">
          <p className="text-lg font-semibold">{share.companyName}</p>
          {share.companyPhone && (
            <a href={`tel:${share.companyPhone}`} className="text-sm text-blue-800 underline-offset-2 hover:underline">
              {share.companyPhone}
            </a>
          )}
        </div>
      </header>
      <section aria-labelledby="shared-title" className="flex flex-col gap-1">
        <h1 id="shared-title" className="text-2xl font-semibold">
          {share.title}
        </h1>
        <p>{share.propertyAddress}</p>
        {share.homeownerName && <p className="text-sm text-slate-700">Prepared for {share.homeownerName}</p>}
        <p className="text-sm text-slate-700">
          This link works until <time dateTime={share.expiresAt}>{day(share.expiresAt)}</time>.
        </p>
      </section>
      {share.document && share.proposal?.status !== 'signed' && (
        <section aria-label="Document" className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-4">
          <p>
            {share.document.pageCount !== null ? `${share.document.pageCount} page${share.document.pageCount === 1 ? '' : 's'}` : 'PDF'} ·{' '}
            {share.document.fileName}
          </p>
          <a href={publicShareFileUrl(token)} download className={buttonVariants({ size: 'lg' })}>
            <Download aria-hidden="true" className="size-5" />
            Download PDF
          </a>
        </section>
      )}
      {share.kind === 'report' && !share.document && <p>The document is being prepared. Please open this link again in a few minutes.</p>}
      {share.proposal && <ProposalSection token={token} proposal={share.proposal} document={share.document} companyName={share.companyName} />}
    </>
  );
}

/** "Insurance pays $9,000.00. You pay $1,000.00 (your deductible $1,000.00).": an option's split, once both amounts are known. */
function homeownerPartText(proposal: PublicProposal, priceCents: number): string | null {
  if (proposal.deductibleCents === null || proposal.approvedCents === null) return null;
  const share = homeownerShare({ priceCents, approvedCents: proposal.approvedCents, deductibleCents: proposal.deductibleCents });
  const words = approvedAmountWords(proposal.approvedSource);
  const yours = [
    `your deductible ${formatCents(share.deductibleCents)}`,
    ...(share.upgradeCents > 0 ? [`${formatCents(share.upgradeCents)} ${words.above}`] : []),
  ];
  const split = `${words.insurerPays} ${formatCents(share.insurerPaysCents)}. You pay ${formatCents(share.homeownerPaysCents)} (${yours.join(' and ')}).`;
  return isInsurerFigure(proposal.approvedSource) ? split : `${words.label}: ${formatCents(share.approvedCents)}. ${split}`;
}

type PublicProposal = NonNullable<PublicShare['proposal']>;

function ProposalSection({
  token,
  proposal,
  document,
  companyName,
}: {
  token: string;
  proposal: PublicProposal;
  document: PublicShare['document'];
  companyName: string;
}) {
  const [justSigned, setJustSigned] = useState(false);
  if (proposal.signature) return <SignedSummary token={token} proposal={proposal} document={document} companyName={companyName} justSigned={justSigned} />;
  return <SignForm token={token} proposal={proposal} onSigned={() => setJustSigned(true)} />;
}

function SignedSummary({
  token,
  proposal,
  document,
  companyName,
  justSigned,
}: {
  token: string;
  proposal: PublicProposal;
  document: PublicShare['document'];
  companyName: string;
  justSigned: boolean;
}) {
  const signature = proposal.signature;
  const chosen = proposal.options.find((o) => o.tier === proposal.chosenTier);
  if (!signature) return null;
  return (
    <section
      aria-labelledby="signed-heading"
      role={justSigned ? 'status' : undefined}
      className="flex flex-col gap-3 rounded-lg border-2 border-green-700 bg-green-50 p-4"
    >
      <h2 id="signed-heading" className="flex items-center gap-2 text-xl font-semibold">
        <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-green-800" />
        {justSigned ? `Thank you, ${signature.name}. Your proposal is signed.` : 'This proposal is signed'}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-semibold">Option</dt>
        <dd>{chosen ? `${tierLabel(chosen.tier)}: ${chosen.productLine}` : tierLabel(proposal.chosenTier ?? '')}</dd>
        {chosen && (
          <>
            <dt className="font-semibold">Price</dt>
            <dd>{formatCents(chosen.priceCents)}</dd>
            {homeownerPartText(proposal, chosen.priceCents) && (
              <>
                <dt className="font-semibold">Your part</dt>
                <dd>{homeownerPartText(proposal, chosen.priceCents)}</dd>
              </>
            )}
            <dt className="font-semibold">Warranty</dt>
            <dd>{chosen.warranty}</dd>
          </>
        )}
        <dt className="font-semibold">Signed by</dt>
        <dd>{signature.name}</dd>
        <dt className="font-semibold">Date</dt>
        <dd>{formatDay(signature.date)}</dd>
        <dt className="font-semibold">Signed at</dt>
        <dd>
          <time dateTime={signature.signedAt}>{when(signature.signedAt)}</time>
        </dd>
      </dl>
      {justSigned && <p>The contractor has been told, and a copy of the signed PDF is on its way to your email. Keep this page or the PDF for your records.</p>}
      {document && !proposal.signedPdfPending ? (
        <div className="flex flex-wrap items-center gap-3">
          <a href={publicShareFileUrl(token)} download className={buttonVariants({ size: 'lg' })}>
            <Download aria-hidden="true" className="size-5" />
            Download signed PDF
          </a>
          <span className="text-sm text-slate-700">{document.fileName}</span>
        </div>
      ) : proposal.signedPdfPending ? (
        <p className="text-sm text-slate-700">Your signed PDF is being prepared. Its Download button appears here in a moment.</p>
      ) : (
        <p className="text-sm text-slate-700">Your signed PDF is not ready yet. Please open this link again later, or ask {companyName} for a copy.</p>
      )}
    </section>
  );
}

/** The signature form's rules: the contract's, with the email required where the claim file has none. */
const withEmailSchema = signProposalSchema.extend({ email: contactEmailSchema });

function SignForm({ token, proposal, onSigned }: { token: string; proposal: PublicProposal; onSigned: () => void }) {
  const sign = useSignProposal(token);
  const schema = useMemo(() => (proposal.askEmail ? withEmailSchema : signProposalSchema), [proposal.askEmail]);
  const form = useZodForm(schema, {
    defaultValues: { name: '', date: today(), signature: '', ...(proposal.askEmail ? { email: '' } : {}) } as Partial<SignProposalInput>,
  });
  const [tier, name, signature, email] = form.watch(['tier', 'name', 'signature', 'email']);
  const complete = Boolean(tier) && Boolean(name?.trim()) && Boolean(signature) && (!proposal.askEmail || Boolean(email?.trim()));

  const submit = (input: SignProposalInput) =>
    sign.mutate(input, {
      onSuccess: onSigned,
      onError: showErrorOnForm(form),
    });

  const options = proposal.options.map((o) => ({
    value: o.tier,
    label: `${tierLabel(o.tier)}: ${formatCents(o.priceCents)}`,
    description: (
      <span className="flex flex-col gap-1">
        <span className="font-medium text-slate-900">{o.productLine}</span>
        {homeownerPartText(proposal, o.priceCents) && <span className="font-medium text-slate-900">{homeownerPartText(proposal, o.priceCents)}</span>}
        <span>Warranty: {o.warranty}</span>
        <span className="whitespace-pre-line">Terms: {o.terms}</span>
      </span>
    ),
  }));

  return (
    <section aria-labelledby="options-heading" className="flex flex-col gap-4">
      {proposal.intro && <p className="whitespace-pre-line">{proposal.intro}</p>}
      <h2 id="options-heading" className="text-xl font-semibold">
        Choose your option
      </h2>
      <Form form={form} onSubmit={submit} aria-label="Sign the proposal">
        <FormRadioGroup name="tier" legend="Your option" hideLegend options={options} disabled={sign.isPending} />
        <FormField name="name" label="Your full name" autoComplete="name" className="text-base" disabled={sign.isPending} />
        <FormField name="date" label="Date" type="date" disabled={sign.isPending} />
        {proposal.askEmail && (
          <FormField
            name="email"
            label="Your email"
            type="email"
            autoComplete="email"
            inputMode="email"
            className="text-base"
            hint="The signed PDF is sent to this address."
            disabled={sign.isPending}
          />
        )}
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-900">Your signature</legend>
          <SignaturePad disabled={sign.isPending} onChange={(dataUrl) => form.setValue('signature', dataUrl ?? '', { shouldValidate: Boolean(dataUrl) })} />
          {form.formState.errors.signature?.message && <p className="text-sm text-red-700">{form.formState.errors.signature.message}</p>}
        </fieldset>
        <p className="text-sm text-slate-700">By signing you accept the option you chose, at its price, warranty and terms.</p>
        <FormError />
        <Button type="submit" size="lg" className="w-full" disabled={!complete || sign.isPending}>
          {sign.isPending ? 'Signing…' : 'Sign proposal'}
        </Button>
        {!complete && (
          <p className="text-center text-sm text-slate-700">
            {proposal.askEmail
              ? 'Choose an option, write your name and email, and sign to continue.'
              : 'Choose an option, write your name and sign to continue.'}
          </p>
        )}
      </Form>
    </section>
  );
}
