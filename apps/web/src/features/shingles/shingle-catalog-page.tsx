import { useMemo, useState } from 'react';
import type { CatalogEntry } from '@ridgeline/shared/domain/shingle-id';
import {
  ROW_CONFIDENCE_LABELS,
  ROW_CONFIDENCES,
  SHINGLE_CUT_LABELS,
  SHINGLE_CUTS,
  SHINGLE_TYPE_LABELS,
  SHINGLE_TYPES,
} from '@ridgeline/shared/domain/shingle-id';
import { formatInches } from '@ridgeline/shared/domain/shingle-length';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Form, FormCheckbox, FormError, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { PageHeader } from '../../components/page-header';
import { SubmitButton } from '../../components/submit-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMe } from '../../lib/api/me';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useShingleCatalog } from './api/catalog';
import { useAddCatalogLine, useReplaceCatalogLine, useRetireCatalogLine } from './api/catalog-writes';
import { catalogFormSchema, EMPTY_CATALOG_FORM, fromCatalogEntry, toCatalogInput, type CatalogFormValues } from './catalog-form';
import { LabeledOptions } from '../../components/choice-options';

// /shingle-catalog: every line the ranking reads, each figure marked verified or unverified, with its
// row confidence and source. Owners and managers add, change and retire their company's own
// products; platform admins also add, change and retire lines of the shared catalog.

function figureText(label: string, figure: CatalogEntry['length']) {
  if (!figure) return null;
  return (
    <span className="inline-flex items-center gap-1">
      {label} {formatInches(figure.value)} in {figure.verified ? <Badge tone="success">verified</Badge> : <Badge tone="warning">unverified</Badge>}
    </span>
  );
}

function CatalogLine({ entry, canRetire }: { entry: CatalogEntry; canRetire: boolean }) {
  const retire = useRetireCatalogLine();
  const shared = entry.scope === 'catalog';
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <CardDiv className="flex flex-col gap-3 text-sm">
        <LineForm isAdmin={shared} editing={entry} onDone={() => setEditing(false)} />
      </CardDiv>
    );
  }
  return (
    <CardDiv className="flex flex-col gap-1 text-sm">
      <h3 className="text-base font-semibold text-slate-900">
        {entry.manufacturer} {entry.line}
      </h3>
      <div className="flex flex-wrap gap-2">
        {entry.type && <Badge tone="neutral">{SHINGLE_TYPE_LABELS[entry.type]}</Badge>}
        {entry.discontinued.value === 'yes' && <Badge tone="danger">Discontinued{entry.discontinued.verified ? '' : ' (unverified)'}</Badge>}
        {!shared && <Badge tone="info">Your company&apos;s product</Badge>}
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-slate-800">
        {figureText('Length', entry.length)}
        {figureText('Height', entry.height)}
        {figureText('Exposure', entry.exposure)}
        {!entry.length && !entry.exposure && 'No size found'}
      </p>
      {entry.yearsMade && (
        <p className="text-slate-800">
          Years made: {entry.yearsMade.text} {!entry.yearsMade.verified && <Badge tone="warning">unverified</Badge>}
        </p>
      )}
      <p className="text-slate-700">
        Row {ROW_CONFIDENCE_LABELS[entry.confidence]}. Source: {entry.source}.
      </p>
      {entry.note && <p className="text-slate-700">{entry.note}</p>}
      {canRetire && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" size="sm" aria-label={`Edit ${entry.manufacturer} ${entry.line}`} onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button
            type="button"
            variant="destructive-outline"
            size="sm"
            disabled={retire.isPending}
            aria-label={`Retire ${entry.manufacturer} ${entry.line}`}
            onClick={() =>
              retire.mutate(
                { id: entry.id, shared },
                {
                  onSuccess: () => notify.success('Line retired', `${entry.manufacturer} ${entry.line} is no longer ranked.`),
                  onError: (error) => notify.error('Could not retire the line', errorText(error)),
                },
              )
            }
          >
            Retire
          </Button>
        </div>
      )}
    </CardDiv>
  );
}

/** Adds a line, or with `editing` changes that one (the whole line is sent again). */
function LineForm({ isAdmin, editing, onDone }: { isAdmin: boolean; editing?: CatalogEntry; onDone?: () => void }) {
  const add = useAddCatalogLine();
  const replace = useReplaceCatalogLine();
  const form = useZodForm(catalogFormSchema, { defaultValues: editing ? fromCatalogEntry(editing) : EMPTY_CATALOG_FORM });
  const [sharedChoice, setShared] = useState(false);
  const shared = editing ? editing.scope === 'catalog' : sharedChoice;
  const onError = showErrorOnForm(form);
  const submit = (values: CatalogFormValues) => {
    if (editing) {
      replace.mutate(
        { id: editing.id, input: toCatalogInput(values, editing), shared },
        {
          onSuccess: () => {
            notify.success('Line changed', `${values.manufacturer} ${values.line} is ranked as changed from now on.`);
            onDone?.();
          },
          onError,
        },
      );
      return;
    }
    add.mutate(
      { input: toCatalogInput(values), shared },
      {
        onSuccess: () => {
          notify.success('Line added', `${values.manufacturer} ${values.line} is ranked from now on.`);
          form.reset(EMPTY_CATALOG_FORM);
        },
        onError,
      },
    );
  };
  const title = editing ? `Edit ${editing.manufacturer} ${editing.line}` : 'Add a product line';
  const headingId = editing ? `edit-line-${editing.id}` : 'add-line';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {isAdmin && !editing && (
        <Field id="catalog-target" label="Add to">
          <NativeSelect value={shared ? 'shared' : 'own'} onChange={(event) => setShared(event.target.value === 'shared')}>
            <option value="own">Your company&apos;s own products</option>
            <option value="shared">The shared catalog (every company)</option>
          </NativeSelect>
        </Field>
      )}
      <Form form={form} onSubmit={submit} aria-label={title} className="grid gap-3 sm:grid-cols-2">
        <FormField<CatalogFormValues> name="manufacturer" label="Maker" autoComplete="off" />
        <FormField<CatalogFormValues> name="line" label="Product line" autoComplete="off" />
        <FormField<CatalogFormValues> name="type" label="Type" control="select">
          <option value="">Not known</option>
          <LabeledOptions values={SHINGLE_TYPES} labels={SHINGLE_TYPE_LABELS} />
        </FormField>
        <FormField<CatalogFormValues> name="cut" label="Cut" control="select">
          <option value="">Not known</option>
          <LabeledOptions values={SHINGLE_CUTS} labels={SHINGLE_CUT_LABELS} />
        </FormField>
        <FormField<CatalogFormValues> name="length" label="Length" hint="e.g. 39 3/8 or 1000 mm" autoComplete="off" />
        <FormField<CatalogFormValues> name="height" label="Height" autoComplete="off" />
        <FormField<CatalogFormValues> name="exposure" label="Exposure" autoComplete="off" />
        <FormField<CatalogFormValues> name="yearsMade" label="Years made" autoComplete="off" />
        <FormField<CatalogFormValues> name="discontinued" label="Discontinued" control="select">
          <option value="unknown">Not known</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </FormField>
        <FormField<CatalogFormValues> name="confidence" label="Confidence" control="select">
          <LabeledOptions values={ROW_CONFIDENCES} labels={ROW_CONFIDENCE_LABELS} />
        </FormField>
        <FormField<CatalogFormValues> name="source" label="Source" hint="Where the figures come from" autoComplete="off" className="sm:col-span-2" />
        <FormField<CatalogFormValues> name="note" label="Note" autoComplete="off" className="sm:col-span-2" />
        {isAdmin && shared && (
          <FormCheckbox<CatalogFormValues>
            name="sizesVerified"
            label={
              editing ? 'A manufacturer document confirms these sizes (a size left as it was keeps its mark)' : 'A manufacturer document confirms these sizes'
            }
          />
        )}
        {!shared && (
          <p className="text-sm text-slate-700 sm:col-span-2">
            Your company&apos;s products are shown as unverified: only the shared catalog marks figures a manufacturer document confirms.
          </p>
        )}
        <FormError />
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <SubmitButton isSubmitting={editing ? replace.isPending : add.isPending} busyText={editing ? 'Saving…' : 'Adding…'} className="w-full sm:w-auto">
            {editing ? 'Save changes' : 'Add line'}
          </SubmitButton>
          {editing && (
            <Button type="button" variant="secondary" className="w-full sm:w-auto" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </Form>
    </section>
  );
}

export default function ShingleCatalogPage() {
  useDocumentTitle('Shingle Catalog');
  const catalog = useShingleCatalog();
  const me = useMe();
  const [search, setSearch] = useState('');
  const isAdmin = me.data?.role === 'admin';
  const canManage = me.data?.company ? canManageCompany(me.data.company.role) : false;
  const entries = catalog.data?.entries;
  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    return (entries ?? []).filter((entry) => !term || `${entry.manufacturer} ${entry.line}`.toLowerCase().includes(term));
  }, [entries, search]);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title="Shingle Catalog">
        The product lines Shingle ID ranks, each figure marked verified (seen in a manufacturer or official document) or unverified.
      </PageHeader>
      {catalog.isError && !catalog.data && <Alert>{errorText(catalog.error)}</Alert>}
      {catalog.data && (
        <p className="text-sm text-slate-700">
          Catalog version {catalog.data.version}: {catalog.data.entries.length} product lines.
        </p>
      )}
      {(canManage || isAdmin) && <LineForm isAdmin={isAdmin} />}
      <Field id="catalog-search" label="Search maker or line">
        <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
      </Field>
      {catalog.isPending && !catalog.data && <p role="status">Loading the catalog…</p>}
      <ul aria-label="Catalog lines" className="flex flex-col gap-2">
        {shown.map((entry) => (
          <li key={entry.id}>
            <CatalogLine entry={entry} canRetire={entry.scope === 'catalog' ? isAdmin : canManage} />
          </li>
        ))}
      </ul>
    </div>
  );
}
