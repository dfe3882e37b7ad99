import { Check } from 'lucide-react';
import { useState } from 'react';
import type { BillingOverview } from '@ridgeline/shared/contracts/billing';
import { planById } from '@ridgeline/shared/domain/billing';
import { PLANS, type PlanDefinition, type PlanId } from '@ridgeline/shared/domain/plans';
import { PageHeader } from '../../components/page-header';
import { QueryThen } from '../../components/query-then';
import { useDocumentTitle } from '../../components/use-document-title';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useBillingOverview } from './api/billing-overview';
import { useChoosePlan } from './api/choose-plan';
import { FilesToCloseDialog } from './files-to-close-dialog';
import { askText, dateText } from './billing-words';
import { TestModeNotice } from './test-mode-notice';

/** The plan the company is on: chosen and running, or the plan a running trial counts as (a read-only company has none). */
function currentPlanOf(billing: BillingOverview): PlanId | null {
  if (billing.readOnly) return null;
  if (billing.status === 'trialing') return billing.effectivePlan;
  return billing.status === 'active' || billing.status === 'past_due' ? billing.plan : null;
}

function PlanStatus({ billing }: { billing: BillingOverview }) {
  if (billing.readOnly) return null;
  if (billing.status === 'trialing') {
    const days = billing.trialDaysLeft === 1 ? '1 day' : `${billing.trialDaysLeft} days`;
    return (
      <Alert tone="info">
        Free trial: {days} left, counted as Professional
        {billing.trialEndsAt ? ` (until ${dateText(billing.trialEndsAt)})` : ''}. Choose a plan any time; no card is needed during the trial.
      </Alert>
    );
  }
  if (billing.pendingPlan && billing.currentPeriodEnd) {
    return (
      <Alert tone="info">
        Your plan changes to {planById(billing.pendingPlan).name} on {dateText(billing.currentPeriodEnd)}. Choose {planById(billing.plan).name} to keep it.
      </Alert>
    );
  }
  return null;
}

type PlanCardProps = {
  plan: PlanDefinition;
  billing: BillingOverview;
  choosing: PlanId | null;
  onChoose: (plan: PlanDefinition) => void;
};

function PlanCard({ plan, billing, choosing, onChoose }: PlanCardProps) {
  const [showFiles, setShowFiles] = useState(false);
  const current = currentPlanOf(billing) === plan.id;
  // The trial's plan is marked as the current one, and can still be chosen to keep it after the trial.
  const trial = current && billing.status === 'trialing';
  const chosen = current && !trial;
  const keeping = chosen && billing.pendingPlan !== null;
  // The plan chosen at sign-up (kept for when the trial ends), shown until a plan is running.
  const intended = billing.plan === plan.id && !chosen && !trial && (billing.status === 'trialing' || billing.readOnlyReason === 'trial_ended');
  const { active } = billing.activeFiles;
  const mustClose = Math.max(0, active - plan.activeFiles);
  const headingId = `plan-${plan.id}`;
  return (
    <CardDiv aria-labelledby={headingId} role="group" className={`flex h-full flex-col gap-3 ${current || intended ? 'border-2 border-blue-800' : ''}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {plan.name}
        </h2>
        {plan.mostPopular && <Badge tone="info">Most Popular</Badge>}
        {chosen && <Badge tone="success">Current plan</Badge>}
        {trial && <Badge tone="info">Current plan: Trial</Badge>}
        {intended && <Badge tone="warning">Your choice at sign-up</Badge>}
        {billing.pendingPlan === plan.id && (
          <Badge tone="warning">Starts {billing.currentPeriodEnd ? dateText(billing.currentPeriodEnd) : 'next period'}</Badge>
        )}
      </div>
      <p className="text-slate-900">
        <span className="text-3xl font-bold">${plan.priceMonthlyUsd}</span>
        <span className="text-slate-700">/month</span>
      </p>
      <ul className="flex flex-col gap-1 text-slate-800">
        <li className="flex items-center gap-2">
          <Check aria-hidden="true" className="size-4 text-green-700" />
          Up to {plan.activeFiles} active files
        </li>
        <li className="flex items-center gap-2">
          <Check aria-hidden="true" className="size-4 text-green-700" />
          Unlimited users
        </li>
      </ul>
      {mustClose > 0 ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-amber-900">
            {active} of {plan.activeFiles} active files: close {mustClose} first
          </p>
          <Button variant="link" size="inline" className="min-h-11 self-start" onClick={() => setShowFiles(true)}>
            See the files to close for {plan.name}
          </Button>
          <FilesToCloseDialog plan={plan} open={showFiles} onOpenChange={setShowFiles} />
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          {active} of {plan.activeFiles} active files
        </p>
      )}
      {billing.canPay && (
        <Button
          className="mt-auto w-full"
          variant={chosen && !keeping ? 'secondary' : 'primary'}
          disabled={(chosen && !keeping) || mustClose > 0 || choosing !== null}
          onClick={() => onChoose(plan)}
        >
          {choosing === plan.id ? 'Choosing…' : chosen && !keeping ? 'Current plan' : keeping ? `Keep ${plan.name}` : `Choose ${plan.name}`}
        </Button>
      )}
    </CardDiv>
  );
}

function Plans({ billing }: { billing: BillingOverview }) {
  const choose = useChoosePlan();
  const [choosing, setChoosing] = useState<PlanId | null>(null);

  function onChoose(plan: PlanDefinition) {
    setChoosing(plan.id);
    choose.mutate(plan.id, {
      onSuccess: (result) => {
        if (result.outcome === 'checkout' && result.checkoutUrl) {
          window.location.assign(result.checkoutUrl);
          return;
        }
        if (result.outcome === 'scheduled') {
          const when = result.billing.currentPeriodEnd ? dateText(result.billing.currentPeriodEnd) : 'the end of this period';
          notify.success(`${plan.name} is scheduled for ${when}`, `Your ${planById(result.billing.plan).name} plan runs until then.`);
        } else {
          notify.success(`You are on the ${plan.name} plan`, `Up to ${plan.activeFiles} active files, unlimited users.`);
        }
      },
      onError: (error) => notify.error('The plan was not changed', errorText(error)),
      onSettled: () => setChoosing(null),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <TestModeNotice mode={billing.mode} />
      <PlanStatus billing={billing} />
      {!billing.canPay && <Alert tone="info">Only owners can change the plan. {askText(billing.payers)}</Alert>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} billing={billing} choosing={choosing} onChoose={onChoose} />
        ))}
      </div>
    </div>
  );
}

/** Pricing: the four plans billed by active files, the company's plan and trial, and Choose for owners. */
export default function PricingPage() {
  useDocumentTitle('Pricing');
  const billing = useBillingOverview();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Pricing">Plans billed by active files, with unlimited users. Closed and archived files never count.</PageHeader>
      <QueryThen query={billing} loadingLabel="Loading the plans" loadingClassName="h-96" failure="The plans could not be loaded">
        {(data) => <Plans billing={data} />}
      </QueryThen>
    </div>
  );
}
