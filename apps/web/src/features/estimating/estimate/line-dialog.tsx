import { useEffect } from 'react';
import type { EstimateLine, PriceListItem } from '@ridgeline/shared/contracts/estimating';
import { formatCashAmount } from '@ridgeline/shared/domain/money';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { formatCents } from '../../../lib/money';
import { newLineId } from './draft';
import { lineFormSchema, lineFormValues, lineFromForm, type LineFormOutput } from './line-form-schema';

type Props = {
  /** The line being edited; a new line when undefined. */
  line: EstimateLine | undefined;
  priceList: readonly PriceListItem[];
  perLineDepreciation: boolean;
  onSave: (line: EstimateLine) => void;
  onClose: () => void;
};

function LineForm({ line, priceList, perLineDepreciation, onSave, onClose }: Props) {
  const form = useZodForm(lineFormSchema, { defaultValues: lineFormValues(line) });
  const picked = form.watch('priceItem');

  // Picking an item of the price list fills in its description, unit and price.
  useEffect(() => {
    const item = picked === '' ? undefined : priceList[Number(picked)];
    if (!item) return;
    form.setValue('description', item.description);
    form.setValue('unit', item.unit);
    form.setValue('unitPrice', formatCashAmount(item.unitPriceCents));
  }, [picked, priceList, form]);

  const submit = (output: LineFormOutput) => {
    const item = output.priceItem === '' ? undefined : priceList[Number(output.priceItem)];
    onSave(lineFromForm(output, line, item, newLineId));
    onClose();
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-label={line ? 'Edit line' : 'Add line'}
      className="[&_input]:min-h-12 [&_input]:text-base [&_select]:min-h-12 [&_select]:text-base"
    >
      {!line && (
        <FormField name="priceItem" label="From the price list" control="select">
          <option value="">A line of my own</option>
          {priceList.map((item, index) => (
            <option key={`${item.code ?? 'own'}-${index}`} value={String(index)}>
              {item.description} ({formatCents(item.unitPriceCents)} / {item.unit})
            </option>
          ))}
        </FormField>
      )}
      <FormField name="description" label="Description" autoComplete="off" />
      <div className="grid grid-cols-2 gap-3">
        <FormField name="quantity" label="Quantity" inputMode="decimal" autoComplete="off" />
        <FormField name="unit" label="Unit" autoComplete="off" hint="SQ, LF, EA…" />
      </div>
      <FormField name="unitPrice" label="Unit price" inputMode="decimal" autoComplete="off" hint="In dollars, like 285.00" />
      {perLineDepreciation && <FormField name="depreciation" label="Depreciation %" inputMode="decimal" autoComplete="off" />}
      <DialogFooter>
        <Button variant="secondary" size="lg" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" size="lg">
          {line ? 'Save line' : 'Add line'}
        </Button>
      </DialogFooter>
    </Form>
  );
}

/** Adds a line (of one's own or from the price list) or edits one, in a dialog. */
export function LineDialog({ open, ...props }: Props & { open: boolean }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && props.onClose()}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>{props.line ? 'Edit line' : 'Add line'}</DialogTitle>
          <DialogDescription>Prices are in dollars; totals update as soon as the line is saved.</DialogDescription>
        </DialogHeader>
        {open && <LineForm key={props.line?.id ?? 'new'} {...props} />}
      </DialogContent>
    </Dialog>
  );
}
