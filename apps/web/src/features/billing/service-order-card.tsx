import type { ServiceOrder } from '@ridgeline/shared/contracts/billing';
import { CardDiv } from '../../components/ui/card';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useCancelServiceOrder } from './api/cancel-service-order';
import { CancelServiceOrder } from './cancel-service-order-dialog';
import { dateText } from './billing-words';
import { ServiceOrderHead, ServiceOrderNotes } from './service-order-head';

type OrderCardProps = {
  order: ServiceOrder;
  /** Owners and managers cancel an order while it is only ordered. */
  canCancel: boolean;
  /** The delivered file's download address (the project files' signed link), once it is known. */
  fileUrl?: ((fileId: string) => string | undefined) | undefined;
};

/** One service order on the project: what, its status, who ordered it, the delivered file, and Cancel while it waits. */
export function ServiceOrderCard({ order, canCancel, fileUrl }: OrderCardProps) {
  const cancel = useCancelServiceOrder(order.projectId);
  const delivered = order.deliveredFile;
  const deliveredUrl = delivered ? fileUrl?.(delivered.id) : undefined;
  return (
    <CardDiv className="flex flex-col gap-2">
      <ServiceOrderHead status={order.status}>{order.serviceName}</ServiceOrderHead>
      <p className="text-sm text-slate-700">
        {order.credits === 1 ? '1 credit' : `${order.credits} credits`} · ordered {dateText(order.createdAt)}
        {order.orderedBy ? ` by ${order.orderedBy}` : ''}
      </p>
      <ServiceOrderNotes notes={order.notes} />
      {order.status === 'cancelled' && order.cancelReason && (
        <p className="text-sm text-slate-700">Canceled: {order.cancelReason}. The credits were refunded.</p>
      )}
      {delivered && (
        <p className="text-sm text-slate-800">
          Delivered file:{' '}
          {deliveredUrl ? (
            <a
              href={deliveredUrl}
              download={delivered.fileName}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline"
            >
              {delivered.fileName}
            </a>
          ) : (
            <span className="font-semibold">{delivered.fileName}</span>
          )}
        </p>
      )}
      {canCancel && order.status === 'ordered' && (
        <div>
          <CancelServiceOrder
            order={order}
            isPending={cancel.isPending}
            onCancel={(reason, close) =>
              cancel.mutate(
                { orderId: order.id, reason },
                {
                  onSuccess: () => {
                    close();
                    notify.success(
                      `${order.serviceName} canceled`,
                      `${order.credits === 1 ? '1 credit is' : `${order.credits} credits are`} back on your balance.`,
                    );
                  },
                  onError: (error) => notify.error(`${order.serviceName} not canceled`, errorText(error)),
                },
              )
            }
          >
            Cancel {order.serviceName}
          </CancelServiceOrder>
        </div>
      )}
    </CardDiv>
  );
}
