import type { CheckoutStatus } from '@ridgeline/shared/contracts/billing';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { buttonVariants } from '../../components/ui/button-variants';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useConfirmedCheckout } from './api/checkout-status';
import { cash, planName } from './billing-words';
import { paths } from '../../lib/paths';

// Where Stripe Checkout returns (?session_id=). The page confirms from the server's state, never from
// the URL alone: it reads the payment, asks again every 2 s while it is open (the server asks Stripe,
// so it confirms even before the webhook), says "Still confirming…" after a minute, and refreshes the
// company's billing once it is complete. No session id, or one the company does not have, is said plainly.

const linkClass = (primary: boolean) => buttonVariants({ variant: primary ? 'primary' : 'secondary', className: 'w-full sm:w-auto' });

function Outcome({ icon, title, children, links }: { icon: ReactNode; title: string; children: ReactNode; links: { to: string; label: string }[] }) {
  return (
    <Card aria-labelledby="payment-outcome" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        {icon}
        <CardTitle id="payment-outcome">{title}</CardTitle>
      </div>
      {children}
      <div className="flex flex-col gap-2 sm:flex-row">
        {links.map((link, index) => (
          <Link key={link.to} to={link.to} className={linkClass(index === 0)}>
            {link.label}
          </Link>
        ))}
      </div>
    </Card>
  );
}

const notFound = (
  <Outcome
    icon={<XCircle aria-hidden="true" className="size-6 text-slate-700" />}
    title="We could not find this payment"
    links={[{ to: paths.pricing, label: 'See plans' }]}
  >
    <CardDescription>There is no payment of your company to confirm here. If you just paid, your payments page shows it once Stripe tells us.</CardDescription>
  </Outcome>
);

function Completed({ checkout }: { checkout: CheckoutStatus }) {
  if (checkout.kind === 'plan' && checkout.plan) {
    return (
      <Outcome
        icon={<CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />}
        title={`You're on the ${planName(checkout.plan)} plan`}
        links={[
          { to: paths.dashboard, label: 'Go to the dashboard' },
          { to: paths.payments, label: 'See payments' },
        ]}
      >
        <CardDescription role="status">
          {checkout.testMode ? 'Test mode: nothing was charged.' : `Payment of ${cash(checkout.amountCents)} received.`} Your plan applies now.
        </CardDescription>
      </Outcome>
    );
  }
  return (
    <Outcome
      icon={<CheckCircle2 aria-hidden="true" className="size-6 text-green-700" />}
      title={`${checkout.credits ?? 0} credits added`}
      links={[
        { to: paths.credits, label: 'See credits' },
        { to: paths.payments, label: 'See payments' },
      ]}
    >
      <CardDescription role="status">
        {checkout.testMode ? 'Test mode: nothing was charged.' : `Payment of ${cash(checkout.amountCents)} received.`}
      </CardDescription>
    </Outcome>
  );
}

function Confirmation({ id }: { id: string }) {
  const { checkout, timedOut } = useConfirmedCheckout(id);

  if (checkout.isPending) return <Skeleton className="h-40" aria-label="Confirming your payment" />;
  if (checkout.isError) {
    if (checkout.error instanceof ApiError && (checkout.error.status === 404 || checkout.error.status === 400)) return notFound;
    return (
      <Alert>
        Your payment could not be checked: {errorText(checkout.error)}{' '}
        <Button variant="link" size="inline" onClick={() => void checkout.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = checkout.data;
  if (data.status === 'complete') return <Completed checkout={data} />;
  if (data.status === 'expired') {
    return (
      <Outcome
        icon={<XCircle aria-hidden="true" className="size-6 text-slate-700" />}
        title="This payment was not completed"
        links={[{ to: data.kind === 'plan' ? paths.pricing : paths.credits, label: 'Try again' }]}
      >
        <CardDescription>The checkout expired before it was paid. Nothing was charged.</CardDescription>
      </Outcome>
    );
  }
  if (timedOut) {
    return (
      <Outcome
        icon={<Clock aria-hidden="true" className="size-6 text-amber-700" />}
        title="Still confirming…"
        links={[{ to: paths.payments, label: 'See payments' }]}
      >
        <CardDescription role="status">
          Stripe has not confirmed this payment yet. It usually takes seconds; your payments page shows it as soon as it does.
        </CardDescription>
      </Outcome>
    );
  }
  return (
    <Card aria-labelledby="payment-outcome" className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <Clock aria-hidden="true" className="size-6 text-blue-800" />
        <CardTitle id="payment-outcome">Confirming your payment…</CardTitle>
      </div>
      <CardDescription role="status">We are waiting for Stripe to confirm it. This page updates by itself.</CardDescription>
    </Card>
  );
}

export default function PaymentSuccessPage() {
  useDocumentTitle('Payment Complete');
  const [params] = useSearchParams();
  const id = params.get('session_id')?.trim() || null;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Payment Complete">Confirmation of your payment, as our server knows it.</PageHeader>
      {id ? <Confirmation id={id} /> : notFound}
    </div>
  );
}
