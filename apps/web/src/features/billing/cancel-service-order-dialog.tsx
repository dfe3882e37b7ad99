import { cancelServiceOrderSchema, type ServiceOrder } from '@ridgeline/shared/contracts/billing';
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
export function CancelServiceOrderDialog({ order, open, onOpenChange, isPending, onCancel }: CancelDialogProps) {
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
