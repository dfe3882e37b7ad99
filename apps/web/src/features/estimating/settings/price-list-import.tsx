import { useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import type { PriceList } from '@ridgeline/shared/contracts/estimating';
import type { PriceListEntry } from '@ridgeline/shared/domain/estimate';
import { parsePriceListCsv, type CsvRowError } from '@ridgeline/shared/domain/estimate-csv';
import { Alert, AlertBox } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { useSavePriceList } from '../api/price-list-save';
import { mergePriceList } from './price-list-form';
import { PriceListTable } from './price-list-table';

// A price list imported from CSV (code, description, unit, price in dollars; a header row is
// skipped): chosen as a file or pasted, read with the shared parser, its row errors listed and the
// good rows previewed, then merged into the list and saved.

const importFormSchema = z.object({ csv: z.string().trim().min(1, 'Choose a CSV file or paste its rows') });

type Preview = { rows: PriceListEntry[]; errors: CsvRowError[] };

export function PriceListImport({ current }: { current: PriceList }) {
  const save = useSavePriceList();
  const form = useZodForm(importFormSchema, { defaultValues: { csv: '' } });
  const [preview, setPreview] = useState<Preview | null>(null);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    void file.text().then(
      (text) => form.setValue('csv', text, { shouldValidate: true }),
      (error: unknown) => notify.error('File not read', errorText(error)),
    );
  }

  async function saveImported(rows: PriceListEntry[]) {
    try {
      await save.mutateAsync(mergePriceList(current.items, rows));
      notify.success('Price list saved', `${rows.length} price${rows.length === 1 ? '' : 's'} imported.`);
      setPreview(null);
      form.reset({ csv: '' });
    } catch (error) {
      notify.error('Price list not saved', errorText(error));
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <Form form={form} onSubmit={({ csv }) => setPreview(parsePriceListCsv(csv))} aria-label="Import CSV">
        <Field id="price-csv-file" label="CSV file" hint="Columns: code (empty for an item of your own), description, unit, price in dollars.">
          <Input type="file" accept=".csv,text/csv,text/plain" onChange={onFile} className="border-0 px-0" />
        </Field>
        <FormField
          name="csv"
          label="Or paste CSV"
          control="textarea"
          rows={5}
          className="font-mono"
          placeholder={'shingles,Laminated shingles,SQ,295.00\n,Satellite dish reset,EA,75'}
        />
        <div>
          <Button type="submit" variant="secondary">
            Preview import
          </Button>
        </div>
      </Form>
      {preview && (
        <section aria-label="Import preview" className="flex flex-col gap-3">
          {preview.errors.length > 0 && (
            <AlertBox role="alert">
              <p className="font-semibold">
                {preview.errors.length} row{preview.errors.length === 1 ? '' : 's'} not imported:
              </p>
              <ul className="list-disc pl-5">
                {preview.errors.map((e) => (
                  <li key={e.row}>
                    Row {e.row}: {e.message}
                  </li>
                ))}
              </ul>
            </AlertBox>
          )}
          {preview.rows.length === 0 ? (
            <Alert tone="warning">No price to import.</Alert>
          ) : (
            <>
              <PriceListTable caption="Prices to import" items={preview.rows} />
              <p className="text-sm text-slate-700">
                Formula items replace their row; items of your own replace the one with the same description, or are added.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button disabled={save.isPending} onClick={() => void saveImported(preview.rows)}>
                  {save.isPending ? 'Saving…' : 'Save imported prices'}
                </Button>
                <Button variant="ghost" onClick={() => setPreview(null)}>
                  Cancel
                </Button>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
