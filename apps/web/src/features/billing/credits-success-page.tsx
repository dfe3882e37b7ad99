import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CheckoutStatus } from '@ridgeline/shared/contracts/billing';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useConfirmedCheckout } from './api/checkout-status';
import { useCredits } from './api/credits';
import { creditsText } from './billing-words';
import { paths } from '../../lib/paths';

function NextSteps() {
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <Link to={paths.credits} className={buttonVariants()}>
        Go to credits
      </Link>
      <Link to={paths.projects} className={buttonVariants({ variant: 'secondary' })}>
        Order a service on a claim file
      </Link>
    </div>
  );
}

function Outcome({ children }: { children: ReactNode }) {
  return (
    <Card aria-live="polite">
      {children}
      <NextSteps />
    </Card>
  );
}

/** The purchase went through: the credits added and the balance now, both from the server. */
function CreditsAdded({ checkout }: { checkout: CheckoutStatus }) {
  const credits = useCredits();
  const balance = credits.isFetching || !credits.data ? null : credits.data.balance;
  return (
    <Outcome>
      <p className="text-xl font-semibold text-slate-900" data-testid="credits-added">
        {creditsText(checkout.credits ?? 0)} added.{' '}
        {balance === null ? (credits.isError ? 'Your balance could not be read just now.' : 'Reading your balance…') : `Your balance is ${balance}.`}
      </p>
      {checkout.testMode && <p className="mt-1 text-sm text-slate-700">Test mode: no card was charged.</p>}
    </Outcome>
  );
}

/**
 * /credits-success?session_id=: confirms a credit purchase from the server's record of the Checkout,
 * not from the URL. While the payment is still open (the provider's confirmation has not arrived)
 * it asks again every few seconds; an unknown or expired checkout is said as it is.
 */
export default function CreditsSuccessPage() {
  useDocumentTitle('Credits Purchased');
  const [search] = useSearchParams();
  const sessionId = search.get('session_id');
  const { checkout, timedOut } = useConfirmedCheckout(sessionId || null);

  let body: ReactNode;
  if (!sessionId) {
    body = (
      <Outcome>
        <p>This page confirms a credit purchase, but the link names none. Your balance and every purchase are on the credits page.</p>
      </Outcome>
    );
  } else if (checkout.isPending) {
    body = <p role="status">Checking your purchase…</p>;
  } else if (checkout.isError) {
    const unknown = checkout.error instanceof ApiError && checkout.error.status === 404;
    body = unknown ? (
      <Outcome>
        <p data-testid="checkout-unknown">
          We found no purchase of your company for this link, so no credits were added from it. If you paid, the credits page shows every purchase that went
          through.
        </p>
      </Outcome>
    ) : (
      <Alert>
        Your purchase could not be checked: {errorText(checkout.error)}{' '}
        <Button variant="link" size="inline" onClick={() => void checkout.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (checkout.data.kind !== 'credits') {
    body = (
      <Outcome>
        <p>
          This payment was for a plan, not credits. Your subscription is on{' '}
          <Link to={paths.payments} className="text-blue-800 underline">
            Payments
          </Link>
          .
        </p>
      </Outcome>
    );
  } else if (checkout.data.status === 'open') {
    body = (
      <Card>
        <p role="status" className="text-lg text-slate-900">
          {timedOut
            ? 'Still confirming… The payment has not been confirmed yet; the credits page shows the purchase as soon as it goes through.'
            : 'Waiting for the payment to be confirmed… This usually takes a few seconds; the page updates by itself.'}
        </p>
      </Card>
    );
  } else if (checkout.data.status === 'expired') {
    body = (
      <Outcome>
        <p>This checkout expired before it was paid, so nothing was charged and no credits were added. You can buy a pack again on the credits page.</p>
      </Outcome>
    );
  } else {
    body = <CreditsAdded checkout={checkout.data} />;
  }

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <PageHeader title="Credits Purchased">Your credit purchase, as our records show it.</PageHeader>
      {body}
    </div>
  );
}
