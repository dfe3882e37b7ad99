import { useId, useState, type ChangeEvent } from 'react';
import type { AdminServiceOrder } from '@ridgeline/shared/contracts/billing';
import { SERVICE_ORDER_STATUS_LABELS, SERVICE_ORDER_STATUSES, type ServiceOrderStatus } from '@ridgeline/shared/domain/billing';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { errorText } from '../../lib/error-text';
import { agoText } from '../../lib/relative-time';
import { notify } from '../../lib/toast';
import { useAdminCancelServiceOrder, useAdminServiceOrders, useDeliverServiceOrder, useStartServiceOrder } from './api/admin-service-orders';
import { CancelServiceOrder } from './cancel-service-order-dialog';
import { ServiceOrderHead, ServiceOrderNotes } from './service-order-head';
import { TitledSection } from '../../components/titled-section';
import { LabeledOptions } from '../../components/choice-options';

type StatusFilter = ServiceOrderStatus | 'all';

const isStatusFilter = (value: string): value is StatusFilter => value === 'all' || SERVICE_ORDER_STATUSES.some((status) => status === value);

/** An order the office has not finished: it can still be delivered or cancelled with a refund. */
const isOpen = (order: AdminServiceOrder) => order.status === 'ordered' || order.status === 'in_progress';

function QueueRow({ order }: { order: AdminServiceOrder }) {
  const start = useStartServiceOrder();
  const deliver = useDeliverServiceOrder();
  const cancel = useAdminCancelServiceOrder();
  const inputId = useId();
  const hintId = useId();

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The row leaves the filtered queue once its status changes, so the toasts follow the request's
    // promise (mutate's own callbacks are dropped when the row unmounts first).
    deliver.mutateAsync({ orderId: order.id, file }).then(
      () => notify.success(`${order.serviceName} delivered`, `${file.name} is on ${order.projectTitle} for ${order.companyName}.`),
      (error: unknown) => notify.error('Delivery failed', errorText(error)),
    );
  };

  return (
    <CardDiv className="flex flex-col gap-2">
      <ServiceOrderHead status={order.status}>
        {order.serviceName} · {order.projectTitle}
      </ServiceOrderHead>
      <p className="text-sm text-slate-700">
        {order.companyName} · {order.credits === 1 ? '1 credit' : `${order.credits} credits`} · ordered{' '}
        <time dateTime={order.createdAt}>{agoText(order.createdAt)}</time>
        {order.orderedBy ? ` by ${order.orderedBy}` : ''}
      </p>
      <ServiceOrderNotes notes={order.notes} />
      {order.deliveredFile && <p className="text-sm text-slate-800">Delivered: {order.deliveredFile.fileName}</p>}
      {order.status === 'cancelled' && order.cancelReason && <p className="text-sm text-slate-700">Canceled: {order.cancelReason}</p>}
      {isOpen(order) && (
        <div className="flex flex-wrap items-start gap-2">
          {order.status === 'ordered' && (
            <Button
              variant="secondary"
              disabled={start.isPending}
              onClick={() =>
                start.mutateAsync(order.id).then(
                  () => notify.success('Work started', `${order.serviceName} for ${order.projectTitle} is in progress.`),
                  (error: unknown) => notify.error('Not started', errorText(error)),
                )
              }
            >
              {start.isPending ? 'Starting…' : 'Start work'}
            </Button>
          )}
          <div className="flex flex-col gap-1">
            <Label
              htmlFor={inputId}
              className="inline-flex min-h-11 w-fit cursor-pointer items-center rounded-md bg-blue-800 px-4 py-2 font-semibold text-white hover:bg-blue-900 has-[:focus-visible]:outline-2"
            >
              {deliver.isPending ? 'Delivering…' : `Deliver ${order.serviceName}`}
            </Label>
            <Input id={inputId} type="file" aria-describedby={hintId} disabled={deliver.isPending} onChange={onChoose} className="sr-only w-px" />
            <p id={hintId} className="text-xs text-slate-600">
              A PDF, an image or an Office document; it goes to the claim file&apos;s files.
            </p>
          </div>
          <CancelServiceOrder
            order={order}
            isPending={cancel.isPending}
            onCancel={(reason, close) =>
              cancel.mutateAsync({ orderId: order.id, reason }).then(
                () => {
                  close();
                  notify.success(`${order.serviceName} canceled`, `${order.companyName} got its credits back.`);
                },
                (error: unknown) => notify.error('Not canceled', errorText(error)),
              )
            }
          >
            Cancel with refund
          </CancelServiceOrder>
        </div>
      )}
    </CardDiv>
  );
}

/** The platform admin's queue of service orders across companies: start the work, deliver the file, or cancel with a refund. */
export function AdminServiceOrders() {
  const [status, setStatus] = useState<StatusFilter>('ordered');
  const orders = useAdminServiceOrders(status);
  const filterId = useId();
  return (
    <TitledSection
      id="admin-service-orders-heading"
      title="Service orders"
      className="flex flex-col gap-4"
      headClassName="flex flex-wrap items-end justify-between gap-3"
      action={
        <div className="flex flex-col gap-1">
          <Label htmlFor={filterId}>Status</Label>
          <NativeSelect
            id={filterId}
            value={status}
            onChange={(event) => {
              if (isStatusFilter(event.target.value)) setStatus(event.target.value);
            }}
          >
            <option value="all">All</option>
            <LabeledOptions values={SERVICE_ORDER_STATUSES} labels={SERVICE_ORDER_STATUS_LABELS} />
          </NativeSelect>
        </div>
      }
    >
      {orders.isPending && <p role="status">Loading the service orders…</p>}
      {orders.isError && <Alert>{errorText(orders.error)}</Alert>}
      {orders.data &&
        (orders.data.orders.length === 0 ? (
          <EmptyState title="No service orders">
            {status === 'all' ? 'No company has ordered a service yet.' : `No order is ${SERVICE_ORDER_STATUS_LABELS[status].toLowerCase()}.`}
          </EmptyState>
        ) : (
          <ul className="grid gap-3" aria-label="Service order queue">
            {orders.data.orders.map((order) => (
              <li key={order.id}>
                <QueueRow order={order} />
              </li>
            ))}
          </ul>
        ))}
    </TitledSection>
  );
}
