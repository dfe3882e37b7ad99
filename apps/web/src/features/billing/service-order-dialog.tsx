import { createServiceOrderSchema } from '@ridgeline/shared/contracts/billing';
import { SERVICE_OFFERS } from '@ridgeline/shared/domain/billing';
import { serviceTypeName, type ServiceType } from '@ridgeline/shared/domain/service-types';
import { SubmitButton } from '../../components/submit-button';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useCreateServiceOrder } from './api/create-service-order';

type OrderDialogProps = {
  projectId: string;
  serviceType: ServiceType;
  balance: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const creditsText = (credits: number) => (credits === 1 ? '1 credit' : `${credits} credits`);

/** Orders one service on the project: notes for the office, and what it costs from the balance. */
export function ServiceOrderDialog({ projectId, serviceType, balance, open, onOpenChange }: OrderDialogProps) {
  const create = useCreateServiceOrder(projectId);
  const form = useZodForm(createServiceOrderSchema, { defaultValues: { serviceType, notes: '' } });
  const name = serviceTypeName(serviceType);
  const { credits } = SERVICE_OFFERS[serviceType];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset({ serviceType, notes: '' });
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>Order {name}</DialogTitle>
          <DialogDescription>
            Uses {credits} of your {creditsText(balance)}.
          </DialogDescription>
        </DialogHeader>
        <Form
          form={form}
          aria-label={`Order ${name}`}
          onSubmit={(input) =>
            create.mutate(input, {
              onSuccess: () => {
                notify.success(`${name} ordered`, `${creditsText(credits)} taken from your balance. We will let you know when it is delivered.`);
                form.reset({ serviceType, notes: '' });
                onOpenChange(false);
              },
              onError: (error) => notify.error(`${name} not ordered`, errorText(error)),
            })
          }
        >
          <FormField
            name="notes"
            id="service-order-notes"
            label="Notes for the office (optional)"
            control="textarea"
            rows={3}
            placeholder="Front and rear slopes; the garage is a separate structure."
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <SubmitButton isSubmitting={create.isPending} busyText="Ordering…">
              Order for {creditsText(credits)}
            </SubmitButton>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
