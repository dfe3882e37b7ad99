import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { parseScopeCsv, type CsvRowError } from '@ridgeline/shared/domain/estimate-csv';
import type { CarrierScopeLine } from '@ridgeline/shared/domain/supplement';
import { Alert, AlertBox } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { formatCents, parseDollars } from '../../../lib/money';
import { quantityText } from './draft';

// The carrier's scope as the adjuster wrote it: lines typed one by one, or pasted as CSV
// (description, quantity, unit, price). The supplement check compares our estimate with it.

const scopeLineFormSchema = z.object({
  description: z.string().trim().min(1, 'Enter a description').max(200),
  quantity: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'Enter a quantity, like 12.5')
    .transform((text) => Math.round(Number(text) * 100) / 100),
  unit: z.string().trim().max(12, 'At most 12 characters'),
  /** The scope's price may be left out (0). */
  unitPrice: z.string().transform((text, ctx) => {
    const cents = parseDollars(text);
    if (cents === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Enter a price in dollars, like 2.25' });
      return z.NEVER;
    }
    return cents ?? 0;
  }),
});

const csvFormSchema = z.object({ csv: z.string().trim().min(1, 'Paste the scope: one line per row, description, quantity, unit, price') });

function ScopeLineForm({ onAdd }: { onAdd: (line: CarrierScopeLine) => void }) {
  const form = useZodForm(scopeLineFormSchema, { defaultValues: { description: '', quantity: '', unit: '', unitPrice: '' } });
  return (
    <Form
      form={form}
      onSubmit={(output) => {
        onAdd({ description: output.description, quantity: output.quantity, unit: output.unit, unitPriceCents: output.unitPrice });
        form.reset();
      }}
      aria-label="Add a scope line"
      className="[&_input]:min-h-12 [&_input]:text-base"
    >
      <FormField name="description" label="Scope line description" autoComplete="off" />
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3">
        <FormField name="quantity" label="Scope quantity" inputMode="decimal" autoComplete="off" />
        <FormField name="unit" label="Scope unit" autoComplete="off" />
        <FormField name="unitPrice" label="Scope price" inputMode="decimal" autoComplete="off" />
      </div>
      <Button type="submit" variant="secondary" className="min-h-12">
        Add scope line
      </Button>
    </Form>
  );
}

function ScopeCsvForm({ onImport }: { onImport: (lines: CarrierScopeLine[]) => void }) {
  const form = useZodForm(csvFormSchema, { defaultValues: { csv: '' } });
  const [result, setResult] = useState<{ imported: number; errors: CsvRowError[] } | null>(null);
  return (
    <Form
      form={form}
      onSubmit={({ csv }) => {
        const { rows, errors } = parseScopeCsv(csv);
        onImport(rows);
        setResult({ imported: rows.length, errors });
        if (errors.length === 0) form.reset();
      }}
      aria-label="Import the scope from CSV"
    >
      <FormField
        name="csv"
        label="Carrier scope CSV"
        control="textarea"
        rows={5}
        hint="One line per row: description, quantity, unit, price. A header row is skipped."
        className="text-base"
      />
      <Button type="submit" variant="secondary" className="min-h-12">
        Import CSV
      </Button>
      {result && result.errors.length === 0 && (
        <Alert tone="success">
          {result.imported} scope line{result.imported === 1 ? '' : 's'} imported.
        </Alert>
      )}
      {result && result.errors.length > 0 && (
        <AlertBox tone="error" role="alert">
          <p>
            {result.imported} line{result.imported === 1 ? '' : 's'} imported; {result.errors.length} row{result.errors.length === 1 ? '' : 's'} could not be
            read:
          </p>
          <ul className="list-disc pl-5">
            {result.errors.map((error) => (
              <li key={error.row}>
                Row {error.row}: {error.message}
              </li>
            ))}
          </ul>
        </AlertBox>
      )}
    </Form>
  );
}

type Props = { scope: readonly CarrierScopeLine[]; onChange?: (scope: CarrierScopeLine[]) => void };

/** The carrier's scope: its lines, and (when editable) the forms that add them. */
export function CarrierScopeSection({ scope, onChange }: Props) {
  return (
    <Card aria-labelledby="carrier-scope-heading" className="flex flex-col gap-4">
      <div>
        <CardTitle id="carrier-scope-heading">Carrier scope</CardTitle>
        <CardDescription>The adjuster's lines, to find what the scope lacks or under-counts.</CardDescription>
      </div>
      {scope.length === 0 ? (
        <p className="text-sm text-slate-700">No scope entered.</p>
      ) : (
        <ul aria-label="Scope lines" className="flex flex-col divide-y divide-slate-200">
          {scope.map((line, index) => (
            <li key={index} className="flex items-center justify-between gap-2 py-1">
              <span className="min-w-0 text-sm text-slate-900">
                {line.description}
                <span className="block text-slate-700">
                  {quantityText(line.quantity)} {line.unit} × {formatCents(line.unitPriceCents)}
                </span>
              </span>
              {onChange && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-12 shrink-0 text-red-800"
                  aria-label={`Remove scope line ${line.description}`}
                  onClick={() => onChange(scope.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {onChange && (
        <>
          <ScopeLineForm onAdd={(line) => onChange([...scope, line])} />
          <ScopeCsvForm onImport={(lines) => onChange([...scope, ...lines])} />
        </>
      )}
    </Card>
  );
}
