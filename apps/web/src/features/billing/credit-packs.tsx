import { useNavigate } from 'react-router';
import type { CreditSummary } from '@ridgeline/shared/contracts/billing';
import type { CreditPackId } from '@ridgeline/shared/domain/billing';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardDiv, CardTitle } from '../../components/ui/card';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useBillingOverview } from './api/billing-overview';
import { useBuyCredits } from './api/buy-credits';
import { askText, cash, creditsText } from './billing-words';
import { paths } from '../../lib/paths';

/** Who may buy, for everyone else: the company's payers when known. */
function WhoCanBuy() {
  const overview = useBillingOverview();
  return (
    <p className="text-sm text-slate-700" data-testid="who-can-buy">
      Only your company&apos;s owners can buy credits. {overview.data ? askText(overview.data.payers) : 'Ask an owner of your company.'}
    </p>
  );
}

/**
 * The packs on sale as cards: credits, price and price per credit. Owners (and platform admins) buy,
 * and every purchase ends on /credits-success, which confirms it from the server's record: with
 * Stripe the browser goes through Checkout first; in test mode the credits are added at once and
 * the page says no card was charged.
 */
export function CreditPacks({ summary }: { summary: CreditSummary }) {
  const buy = useBuyCredits();
  const navigate = useNavigate();

  const onBuy = (pack: CreditPackId) =>
    buy.mutate(
      { pack },
      {
        onSuccess: (result) => {
          if (result.outcome === 'checkout' && result.checkoutUrl) {
            window.location.assign(result.checkoutUrl);
            return;
          }
          void navigate(paths.creditsSuccess(result.checkoutId));
        },
        onError: (error) => notify.error('The credits could not be bought', errorText(error)),
      },
    );

  return (
    <Card aria-labelledby="credit-packs-title" className="flex flex-col gap-4">
      <div>
        <CardTitle id="credit-packs-title">Buy credits</CardTitle>
        <CardDescription>
          Credits pay for service orders on a claim file (Xact360, Copy-Over, Supplement360, UGO Assisted). Bigger packs cost less per credit.
        </CardDescription>
      </div>
      {!summary.canBuy && <WhoCanBuy />}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Credit packs">
        {summary.packs.map((pack) => (
          <li key={pack.id}>
            <CardDiv className="flex h-full flex-col gap-2" data-testid={`credit-pack-${pack.id}`}>
              <p className="text-xl font-bold text-slate-900">{creditsText(pack.credits)}</p>
              <p className="text-lg text-slate-900">{cash(pack.priceCents)}</p>
              <p className="text-sm text-slate-700">{cash(pack.priceCents / pack.credits)} per credit</p>
              {summary.canBuy && (
                <Button
                  className="mt-auto"
                  disabled={buy.isPending}
                  aria-label={`Buy ${creditsText(pack.credits)} for ${cash(pack.priceCents)}`}
                  onClick={() => onBuy(pack.id)}
                >
                  {buy.isPending && buy.variables.pack === pack.id ? 'Buying…' : 'Buy'}
                </Button>
              )}
            </CardDiv>
          </li>
        ))}
      </ul>
    </Card>
  );
}
