import { PageHeader } from '../../components/page-header';
import { QueryThen } from '../../components/query-then';
import { Card, CardDescription } from '../../components/ui/card';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCredits } from './api/credits';
import { CreditLedger } from './credit-ledger';
import { CreditPacks } from './credit-packs';
import { TestModeNotice } from './test-mode-notice';

/** /credits: the company's credit balance, the packs to buy, and the ledger of every change. */
export default function CreditsPage() {
  useDocumentTitle('Credits');
  const credits = useCredits();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <PageHeader title="Credits">Credits pay for the services our office does on your claim files. Your balance, packs to buy and every change.</PageHeader>
      <QueryThen query={credits} loadingLabel="Loading your credits" loadingClassName="h-40" failure="Your credits could not be read">
        {(summary) => (
          <>
            <TestModeNotice mode={summary.mode} />
            <Card aria-labelledby="credit-balance-label">
              <h2 id="credit-balance-label" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
                Balance
              </h2>
              <p className="mt-1 flex items-baseline gap-2 text-slate-900">
                <span className="text-5xl font-bold tabular-nums" data-testid="credit-balance">
                  {summary.balance}
                </span>
                <span className="text-lg">{summary.balance === 1 ? 'credit' : 'credits'}</span>
              </p>
              <CardDescription>Shared by everyone in your company. Ordering a service takes its credits; a canceled order gives them back.</CardDescription>
            </Card>
            <CreditPacks summary={summary} />
          </>
        )}
      </QueryThen>
      <CreditLedger />
    </div>
  );
}
