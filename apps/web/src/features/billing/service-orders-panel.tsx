import { useState } from 'react';
import { Link } from 'react-router';
import { SERVICE_OFFERS, SERVICE_ORDER_TYPES } from '@ridgeline/shared/domain/billing';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { serviceTypeName, type ServiceType } from '@ridgeline/shared/domain/service-types';
import { Alert } from '../../components/ui/alert';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardDescription, CardDiv, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { useMe } from '../../lib/api/me';
import { errorText } from '../../lib/error-text';
import { useCredits } from './api/credits';
import { useServiceOrders } from './api/service-orders';
import { ServiceOrderCard } from './service-order-card';
import { ServiceOrderDialog } from './service-order-dialog';
import { paths } from '../../lib/paths';

const creditsText = (credits: number) => (credits === 1 ? '1 credit' : `${credits} credits`);

type PanelProps = {
  projectId: string;
  /** The delivered file's download address from the project's files (the app passes it in). */
  fileUrl?: (fileId: string) => string | undefined;
};

/**
 * The project's Services tab: the services the office offers with their credit price, the company's
 * balance, and the project's orders. Owners and managers order (paid from the balance, or sent to
 * buy credits when it is too low) and cancel an order not yet started; every member sees the orders.
 */
export function ServiceOrdersPanel({ projectId, fileUrl }: PanelProps) {
  const me = useMe();
  const credits = useCredits();
  const orders = useServiceOrders(projectId);
  const [ordering, setOrdering] = useState<ServiceType | null>(null);
  const canOrder = me.data?.company ? canManageCompany(me.data.company.role) : false;
  const balance = credits.data?.balance ?? null;

  return (
    <div className="grid gap-6">
      <Card aria-labelledby="services-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle id="services-heading">Order a service</CardTitle>
            <CardDescription>Our office does the work on this claim file and delivers the result to its files.</CardDescription>
          </div>
          <p className="text-sm text-slate-800" aria-live="polite">
            {credits.isPending ? (
              'Loading your balance…'
            ) : balance === null ? (
              ''
            ) : (
              <>
                Balance: <strong data-testid="credit-balance">{creditsText(balance)}</strong>
              </>
            )}
          </p>
        </div>
        {credits.isError && <Alert>{errorText(credits.error)}</Alert>}
        {!canOrder && me.data && <Alert tone="info">Owners and managers of your company can order services.</Alert>}
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Services">
          {SERVICE_ORDER_TYPES.map((type) => {
            const offer = SERVICE_OFFERS[type];
            const name = serviceTypeName(type);
            const affordable = balance !== null && balance >= offer.credits;
            return (
              <li key={type}>
                <CardDiv className="flex h-full flex-col gap-2">
                  <div className="flex items-baseline justify-between gap-2">
                    <h3 className="font-semibold text-slate-900">{name}</h3>
                    <span className="text-sm font-semibold whitespace-nowrap text-slate-800">{creditsText(offer.credits)}</span>
                  </div>
                  <p className="flex-1 text-sm text-slate-700">{offer.description}</p>
                  {canOrder && balance !== null && (
                    <div>
                      {affordable ? (
                        <Button onClick={() => setOrdering(type)} aria-label={`Order ${name}`}>
                          Order
                        </Button>
                      ) : (
                        <Link to={paths.credits} className={buttonVariants({ variant: 'secondary' })} aria-label={`Buy credits for ${name}`}>
                          Buy credits
                        </Link>
                      )}
                    </div>
                  )}
                </CardDiv>
              </li>
            );
          })}
        </ul>
        {ordering && balance !== null && (
          <ServiceOrderDialog
            key={ordering}
            projectId={projectId}
            serviceType={ordering}
            balance={balance}
            open
            onOpenChange={(open) => {
              if (!open) setOrdering(null);
            }}
          />
        )}
      </Card>

      <Card aria-labelledby="service-orders-heading" className="flex flex-col gap-3">
        <CardTitle id="service-orders-heading">Orders on this claim file</CardTitle>
        {orders.isPending && <p role="status">Loading the orders…</p>}
        {orders.isError && <Alert>{errorText(orders.error)}</Alert>}
        {orders.data &&
          (orders.data.orders.length === 0 ? (
            <EmptyState title="No services ordered yet">Orders on this claim file and their delivered files will show here.</EmptyState>
          ) : (
            <ul className="grid gap-3" aria-label="Service orders">
              {orders.data.orders.map((order) => (
                <li key={order.id}>
                  <ServiceOrderCard order={order} canCancel={canOrder} fileUrl={fileUrl} />
                </li>
              ))}
            </ul>
          ))}
      </Card>
    </div>
  );
}
