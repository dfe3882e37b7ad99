import type { BillingOverview, CreditEntry, Invoice } from '@ridgeline/shared/contracts/billing';
import { readOnlyMessage } from '@ridgeline/shared/domain/billing';
import { CreditCard, ExternalLink, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { QueryThen } from '../../components/query-then';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { buttonVariants } from '../../components/ui/button-variants';
import { Card, CardDescription, CardDiv, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { TableCell, TableRow } from '../../components/ui/table';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useBillingOverview } from './api/billing-overview';
import { useCreditPurchases } from './api/credit-purchases';
import { useInvoices } from './api/invoices';
import { useOpenPortal } from './api/portal';
import { cash, dateText, planName } from './billing-words';
import { askText } from './billing-words';
import { TestModeNotice } from './test-mode-notice';
import { paths } from '../../lib/paths';
import { ListTable } from '../../components/list-table';

// Payments: the subscription (plan, status, next renewal, a downgrade waiting, the trial's days), the
// way to Stripe's portal for cards and invoices (owners; none in test mode), the invoices and the
// credit packs bought with what each cost. Amounts are cents shown with the cash-amount helper. On a phone every list is
// a stack of cards; from the small breakpoint up the invoices are a table.

const STATUS_WORDS: Record<BillingOverview['status'], { label: string; tone: BadgeTone }> = {
  trialing: { label: 'Free trial', tone: 'info' },
  active: { label: 'Active', tone: 'success' },
  past_due: { label: 'Payment failed', tone: 'warning' },
  canceled: { label: 'Ended', tone: 'danger' },
};

const INVOICE_WORDS: Record<Invoice['status'], { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'success' },
  open: { label: 'Open', tone: 'info' },
  failed: { label: 'Failed', tone: 'danger' },
  void: { label: 'Void', tone: 'neutral' },
};

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-slate-700">{term}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function SubscriptionCard({ billing }: { billing: BillingOverview }) {
  const status = STATUS_WORDS[billing.status];
  const trialing = billing.status === 'trialing' && !billing.readOnly;
  return (
    <Card aria-labelledby="subscription-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="subscription-title">Subscription</CardTitle>
        <Badge tone={billing.readOnly ? 'danger' : status.tone}>{billing.readOnly ? 'Read-only' : status.label}</Badge>
      </div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Fact term="Plan">{trialing ? `${planName(billing.effectivePlan)} (trial)` : planName(billing.plan)}</Fact>
        <Fact term="Active files">
          {billing.activeFiles.active} of {billing.activeFiles.limit}
        </Fact>
        {trialing ? (
          <Fact term="Trial">
            {billing.trialDaysLeft} {billing.trialDaysLeft === 1 ? 'day' : 'days'} left{billing.trialEndsAt ? `, ends ${dateText(billing.trialEndsAt)}` : ''}
          </Fact>
        ) : billing.currentPeriodEnd && billing.status === 'active' ? (
          <Fact term="Next renewal">{dateText(billing.currentPeriodEnd)}</Fact>
        ) : null}
      </dl>
      {billing.pendingPlan && (
        <Alert tone="info">
          Moving to {planName(billing.pendingPlan)} {billing.currentPeriodEnd ? `on ${dateText(billing.currentPeriodEnd)}` : 'when this period ends'}. You keep{' '}
          {planName(billing.plan)} until then.
        </Alert>
      )}
      {billing.status === 'past_due' && billing.graceEndsAt && !billing.readOnly && (
        <Alert tone="warning">Your last payment failed. Everything keeps working until {dateText(billing.graceEndsAt)}; update your card before then.</Alert>
      )}
      {billing.readOnly && billing.readOnlyReason && <Alert tone="error">{readOnlyMessage(billing.readOnlyReason)}</Alert>}
      <Link to={paths.pricing} className={buttonVariants({ variant: 'secondary', className: 'w-full sm:w-auto sm:self-start' })}>
        {billing.readOnly ? 'Choose a plan' : 'Compare plans'}
      </Link>
    </Card>
  );
}

function PaymentMethodCard({ billing }: { billing: BillingOverview }) {
  const portal = useOpenPortal();
  const open = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => notify.error('The payment portal could not be opened', errorText(error)),
    });

  let body: ReactNode;
  if (billing.mode === 'test') {
    body = <CardDescription>There is no payment portal in test mode: no card is on file and nothing is charged.</CardDescription>;
  } else if (!billing.canPay) {
    body = <CardDescription>Only the company owner manages cards and invoices. {askText(billing.payers)}</CardDescription>;
  } else if (!billing.hasPaymentMethod) {
    body = <CardDescription>Your card is saved when you choose a plan or buy credits; then you can manage it here.</CardDescription>;
  } else {
    body = (
      <>
        <CardDescription>Update your card, download receipts or cancel on Stripe&apos;s secure page. You come back here after.</CardDescription>
        <Button onClick={open} disabled={portal.isPending} className="w-full sm:w-auto sm:self-start">
          <CreditCard aria-hidden="true" className="size-4" />
          {portal.isPending ? 'Opening…' : 'Manage cards and invoices'}
        </Button>
      </>
    );
  }
  return (
    <Card aria-labelledby="payment-method-title" className="flex flex-col gap-3">
      <CardTitle id="payment-method-title">Payment method</CardTitle>
      {body}
    </Card>
  );
}

function InvoiceLink({ invoice }: { invoice: Invoice }) {
  if (!invoice.hostedUrl) return <span className="text-slate-700">{invoice.testMode ? 'Test mode' : 'None'}</span>;
  return (
    <a
      href={invoice.hostedUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center gap-1 text-blue-800 underline-offset-2 hover:underline"
    >
      View invoice<span className="sr-only"> {invoice.number ?? dateText(invoice.createdAt)} (opens Stripe in a new tab)</span>
      <ExternalLink aria-hidden="true" className="size-4" />
    </a>
  );
}

function InvoiceStatus({ invoice }: { invoice: Invoice }) {
  const words = INVOICE_WORDS[invoice.status];
  return <Badge tone={words.tone}>{words.label}</Badge>;
}

function InvoicesSection() {
  const invoices = useInvoices();
  return (
    <Card aria-labelledby="invoices-title" className="flex flex-col gap-3">
      <CardTitle id="invoices-title">Invoices</CardTitle>
      <QueryThen query={invoices} loadingLabel="Loading the invoices" loadingClassName="h-24" failure="The invoices could not be read">
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={<Receipt aria-hidden="true" className="size-6" />} title="No invoices yet">
              <p>Each month&apos;s invoice appears here once your plan is paid.</p>
            </EmptyState>
          ) : (
            <>
              <ul aria-label="Invoices" className="flex flex-col gap-2 sm:hidden">
                {list.map((invoice) => (
                  <li key={invoice.id}>
                    <CardDiv className="flex flex-col gap-1 p-3">
                      <div className="flex items-center justify-between gap-2">
                        <span className="font-semibold text-slate-900">{cash(invoice.amountCents)}</span>
                        <InvoiceStatus invoice={invoice} />
                      </div>
                      <span className="text-slate-900">{invoice.description}</span>
                      <span className="text-sm text-slate-700">{dateText(invoice.createdAt)}</span>
                      <InvoiceLink invoice={invoice} />
                    </CardDiv>
                  </li>
                ))}
              </ul>
              <div className="hidden sm:block">
                <ListTable caption="Invoices, newest first" headers={['Date', 'Description', 'Amount', 'Status', 'Invoice']}>
                  {list.map((invoice) => (
                    <TableRow key={invoice.id}>
                      <TableCell>{dateText(invoice.createdAt)}</TableCell>
                      <TableCell>{invoice.description}</TableCell>
                      <TableCell>{cash(invoice.amountCents)}</TableCell>
                      <TableCell>
                        <InvoiceStatus invoice={invoice} />
                      </TableCell>
                      <TableCell>
                        <InvoiceLink invoice={invoice} />
                      </TableCell>
                    </TableRow>
                  ))}
                </ListTable>
              </div>
            </>
          )
        }
      </QueryThen>
    </Card>
  );
}

function CreditPurchase({ entry }: { entry: CreditEntry }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
      <span className="flex flex-wrap items-baseline gap-x-3">
        <span className="text-slate-900">{entry.reason}</span>
        {entry.amountCents !== null && <span className="font-semibold text-slate-900">{cash(entry.amountCents)}</span>}
      </span>
      <span className="text-sm text-slate-700">
        +{entry.credits} credits, {dateText(entry.createdAt)}
        {entry.actorName ? ` by ${entry.actorName}` : ''}
      </span>
    </li>
  );
}

function CreditPurchasesSection() {
  const purchases = useCreditPurchases();
  return (
    <Card aria-labelledby="credit-purchases-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="credit-purchases-title">Credit purchases</CardTitle>
        <Link to={paths.credits} className="inline-flex min-h-11 items-center text-blue-800 underline-offset-2 hover:underline">
          Buy credits
        </Link>
      </div>
      <QueryThen query={purchases} loadingLabel="Loading the credit purchases" loadingClassName="h-16" failure="The credit purchases could not be read">
        {(page) =>
          page.entries.length === 0 ? (
            <CardDescription>No credit packs bought yet. Credits pay for service orders such as Xact360 estimates.</CardDescription>
          ) : (
            <ul aria-label="Credit purchases" className="divide-y divide-slate-100">
              {page.entries.map((entry) => (
                <CreditPurchase key={entry.id} entry={entry} />
              ))}
            </ul>
          )
        }
      </QueryThen>
    </Card>
  );
}

export default function PaymentsPage() {
  useDocumentTitle('Payments');
  const overview = useBillingOverview();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Payments">Your subscription, invoices and credit purchases.</PageHeader>
      <QueryThen query={overview} loadingLabel="Loading your subscription" loadingClassName="h-40" failure="Your subscription could not be read">
        {(billing) => (
          <>
            <TestModeNotice mode={billing.mode} />
            <SubscriptionCard billing={billing} />
            <PaymentMethodCard billing={billing} />
          </>
        )}
      </QueryThen>
      <InvoicesSection />
      <CreditPurchasesSection />
    </div>
  );
}
