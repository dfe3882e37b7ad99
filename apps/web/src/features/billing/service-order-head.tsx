import type { ReactNode } from 'react';
import { SERVICE_ORDER_STATUS_LABELS, type ServiceOrderStatus } from '@ridgeline/shared/domain/billing';
import { Badge, type BadgeTone } from '../../components/ui/badge';

// What a service order's card opens with, on the claim file and in the admin's queue: its title and
// status, and the notes the office was given.

const STATUS_TONES: Record<ServiceOrderStatus, BadgeTone> = { ordered: 'info', in_progress: 'warning', delivered: 'success', cancelled: 'neutral' };

/** The order's title and its status badge. */
export function ServiceOrderHead({ status, children }: { status: ServiceOrderStatus; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h3 className="font-semibold text-slate-900">{children}</h3>
      <Badge tone={STATUS_TONES[status]}>{SERVICE_ORDER_STATUS_LABELS[status]}</Badge>
    </div>
  );
}

/** The notes the order was placed with, when it has some. */
export function ServiceOrderNotes({ notes }: { notes: string }) {
  return notes ? <p className="rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-800">{notes}</p> : null;
}
