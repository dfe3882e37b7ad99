import { useState } from 'react';
import type { ServiceOrder } from '@ridgeline/shared/contracts/billing';
import { SERVICE_ORDER_STATUS_LABELS, type ServiceOrderStatus } from '@ridgeline/shared/domain/billing';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useCancelServiceOrder } from './api/cancel-service-order';
import { CancelServiceOrderDialog } from './cancel-service-order-dialog';
import { dateText } from './billing-words';

const STATUS_TONES: Record<ServiceOrderStatus, BadgeTone> = { ordered: 'info', in_progress: 'warning', delivered: 'success', cancelled: 'neutral' };

/** "Nov 23, 2026" */

type OrderCardProps = {
  order: ServiceOrder;
  /** Owners and managers cancel an order while it is only ordered. */
  canCancel: boolean;
  /** The delivered file's download address (the project files' signed link), once it is known. */
  fileUrl?: ((fileId: string) => string | undefined) | undefined;
};

/** One service order on the project: what, its status, who ordered it, the delivered file, and Cancel while it waits. */
export function ServiceOrderCard({ order, canCancel, fileUrl }: OrderCardProps) {
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelServiceOrder(order.projectId);
  const delivered = order.deliveredFile;
  const deliveredUrl = delivered ? fileUrl?.(delivered.id) : undefined;
  return (
    <CardDiv className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{order.serviceName}</h3>
        <Badge tone={STATUS_TONES[order.status]}>{SERVICE_ORDER_STATUS_LABELS[order.status]}</Badge>
      </div>
      <p className="text-sm text-slate-700">
        {order.credits === 1 ? '1 credit' : `${order.credits} credits`} · ordered {dateText(order.createdAt)}
        {order.orderedBy ? ` by ${order.orderedBy}` : ''}
      </p>
      {order.notes && <p className="rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-800">{order.notes}</p>}
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
          <Button variant="destructive-outline" onClick={() => setCancelling(true)}>
            Cancel {order.serviceName}
          </Button>
          <CancelServiceOrderDialog
            order={order}
            open={cancelling}
            onOpenChange={setCancelling}
            isPending={cancel.isPending}
            onCancel={(reason) =>
              cancel.mutate(
                { orderId: order.id, reason },
                {
                  onSuccess: () => {
                    setCancelling(false);
                    notify.success(
                      `${order.serviceName} canceled`,
                      `${order.credits === 1 ? '1 credit is' : `${order.credits} credits are`} back on your balance.`,
                    );
                  },
                  onError: (error) => notify.error(`${order.serviceName} not canceled`, errorText(error)),
                },
              )
            }
          />
        </div>
      )}
    </CardDiv>
  );
}
