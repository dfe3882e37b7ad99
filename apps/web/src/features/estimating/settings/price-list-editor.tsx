import { Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { PriceList } from '@ridgeline/shared/contracts/estimating';
import { PRICE_CODES } from '@ridgeline/shared/domain/estimate';
import { SubmitButton } from '../../../components/submit-button';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/badge';
import { Form, FormError, FormField, submitShowingErrors, useZodForm, type ZodForm } from '../../../components/ui/form';
import { notify } from '../../../lib/toast';
import { useSavePriceList } from '../api/price-list-save';
import { DEFAULT_ROWS, EMPTY_ROW, isDefaultRow, priceCodeLabel, priceListFormSchema, PRICE_CODE_LABELS, toRows } from './price-list-form';
import { LabeledOptions } from '../../../components/choice-options';

// The price list editor (owners and managers): one group of fields per item, formula items named
// by what they price (a default price marked as such until it is edited), items of the company's own
// added and removed, the defaults brought back in one tap (saved with the next save). Each formula
// code is priced once (the contract says so on save).

type EditorForm = ZodForm<typeof priceListFormSchema>;

function ItemFields({ form, index, onRemove }: { form: EditorForm; index: number; onRemove: () => void }) {
  // Only this row's fields: a keystroke in one row re-renders that row alone.
  const [code, description, unit, price] = useWatch({
    control: form.control,
    name: [`items.${index}.code`, `items.${index}.description`, `items.${index}.unit`, `items.${index}.price`],
  });
  const name = code ? PRICE_CODE_LABELS[code] : description.trim() || `Item ${index + 1}`;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{name}</legend>
      {isDefaultRow({ code, description, unit, price }) && (
        <p className="text-sm text-slate-700">
          <Badge tone="info">Default price</Badge> A typical US price: change it to your own.
        </p>
      )}
      <FormField name={`items.${index}.code`} label="Prices" control="select">
        <option value="">{priceCodeLabel(null)}</option>
        <LabeledOptions values={PRICE_CODES} labels={PRICE_CODE_LABELS} />
      </FormField>
      <FormField name={`items.${index}.description`} label="Description" />
      <div className="grid grid-cols-2 gap-3">
        <FormField name={`items.${index}.unit`} label="Unit" />
        <FormField name={`items.${index}.price`} label="Unit price ($)" inputMode="decimal" />
      </div>
      <div>
        <Button variant="destructive-outline" onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> {name}</span>
        </Button>
      </div>
    </fieldset>
  );
}

export function PriceListEditor({ list }: { list: PriceList }) {
  const save = useSavePriceList();
  const form = useZodForm(priceListFormSchema, { defaultValues: { items: toRows(list.items) } });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const listError = form.formState.errors.items?.message ?? form.formState.errors.items?.root?.message;

  async function submit(body: PriceList) {
    await submitShowingErrors(
      form,
      async () => {
        const saved = await save.mutateAsync(body);
        form.reset({ items: toRows(saved.items) });
        notify.success('Price list saved', 'New estimate lines are priced from it.');
      },
      (message) => notify.error('Price list not saved', message),
    );
  }

  return (
    <Form form={form} onSubmit={submit} aria-label="Price list">
      <div className="flex flex-col gap-3">
        {items.fields.map((field, index) => (
          <ItemFields key={field.id} form={form} index={index} onRemove={() => items.remove(index)} />
        ))}
      </div>
      {listError && <Alert>{listError}</Alert>}
      <FormError />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => items.append({ ...EMPTY_ROW })}>
          <Plus aria-hidden="true" className="size-4" />
          Add item
        </Button>
        <Button variant="secondary" onClick={() => form.reset({ items: [...DEFAULT_ROWS] }, { keepDefaultValues: true })}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Reset to defaults
        </Button>
        <SubmitButton isSubmitting={save.isPending} busyText="Saving…">
          Save price list
        </SubmitButton>
      </div>
      {form.formState.isDirty && <p className="text-sm text-slate-700">Changes are kept once you save the price list.</p>}
    </Form>
  );
}
