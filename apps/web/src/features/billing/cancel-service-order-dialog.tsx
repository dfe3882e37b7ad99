import { cancelServiceOrderSchema, type ServiceOrder } from '@ridgeline/shared/contracts/billing';
import { useState, type ReactNode } from 'react';
import { SubmitButton } from '../../components/submit-button';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormField, useZodForm } from '../../components/ui/form';

type CancelDialogProps = {
  order: Pick<ServiceOrder, 'serviceName' | 'credits' | 'projectTitle'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  /** Cancels with the reason; the caller closes the dialog and says how it went. */
  onCancel: (reason: string) => void;
};

/** Asks why before cancelling a service order: the reason is kept on the order and the ledger's refund. */
function CancelServiceOrderDialog({ order, open, onOpenChange, isPending, onCancel }: CancelDialogProps) {
  const form = useZodForm(cancelServiceOrderSchema, { defaultValues: { reason: '' } });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset({ reason: '' });
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>
            Cancel {order.serviceName} for {order.projectTitle}?
          </DialogTitle>
          <DialogDescription>The {order.credits === 1 ? 'credit comes' : `${order.credits} credits come`} back to the balance.</DialogDescription>
        </DialogHeader>
        <Form form={form} aria-label={`Cancel ${order.serviceName}`} onSubmit={(input) => onCancel(input.reason)}>
          <FormField name="reason" id="service-order-cancel-reason" label="Reason" placeholder="Ordered on the wrong claim" autoComplete="off" />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Keep the order</Button>
            </DialogClose>
            <SubmitButton isSubmitting={isPending} busyText="Canceling…">
              Cancel the order
            </SubmitButton>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

type CancelProps = Pick<CancelDialogProps, 'order' | 'isPending'> & {
  /** Cancels with the reason; the caller calls `close` once it is cancelled and says how it went. */
  onCancel: (reason: string, close: () => void) => void;
  /** The button's words. */
  children: ReactNode;
};

/** The button that cancels a service order and the dialog it opens to ask why. */
export function CancelServiceOrder({ order, isPending, onCancel, children }: CancelProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="destructive-outline" onClick={() => setOpen(true)}>
        {children}
      </Button>
      <CancelServiceOrderDialog
        order={order}
        open={open}
        onOpenChange={setOpen}
        isPending={isPending}
        onCancel={(reason) => onCancel(reason, () => setOpen(false))}
      />
    </>
  );
}
