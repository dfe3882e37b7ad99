import { CODE_EDITIONS, CONFIDENCE_LABELS, CONFIDENCE_MARKS, PASSAGE_TOPICS } from '@ridgeline/shared/domain/assistant';
import { createPassageSchema, type Passage } from '@ridgeline/shared/contracts/assistant';
import { useState } from 'react';
import { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { QueryThen } from '../../components/query-then';
import { SaveCancel } from '../../components/save-cancel';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardDiv, CardTitle } from '../../components/ui/card';
import { Form, FormCheckbox, FormError, FormField, submitShowingErrors, useZodForm } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMe } from '../../lib/api/me';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useAddPassage, useEditPassage, useKnowledge } from './api/knowledge';

// The passage form: the contract's fields, with the editions as one box each.
const formSchema = createPassageSchema.omit({ editions: true }).extend({ e2018: z.boolean(), e2021: z.boolean(), e2024: z.boolean() });
type FormInput = z.input<typeof formSchema>;

const EMPTY: FormInput = {
  slug: '',
  topic: 'code',
  section: '',
  title: '',
  body: '',
  source: '',
  editionNote: '',
  confidence: 'S',
  keywords: '',
  e2018: false,
  e2021: false,
  e2024: false,
};

const toForm = (p: Passage): FormInput => ({
  slug: p.slug,
  topic: p.topic,
  section: p.section,
  title: p.title,
  body: p.body,
  source: p.source,
  editionNote: p.editionNote,
  confidence: p.confidence,
  keywords: p.keywords,
  e2018: p.editions.includes('2018'),
  e2021: p.editions.includes('2021'),
  e2024: p.editions.includes('2024'),
});

/** /admin/knowledge: platform admins add, edit and retire the assistant's passages (with their confidence marks and editions). */
export default function KnowledgePage() {
  useDocumentTitle('Knowledge Base');
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const passages = useKnowledge(isAdmin);
  const [editing, setEditing] = useState<Passage | null>(null);

  if (me.data && !isAdmin) {
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold text-slate-900">Knowledge Base</h1>
        <p className="mt-3 text-slate-700">Only platform admins can change the assistant's knowledge base.</p>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <PageHeader title="Knowledge Base">The passages the assistant retrieves and cites, with their section, editions, source and confidence.</PageHeader>
      <PassageForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <QueryThen query={passages} loadingLabel="Loading the passages" loadingClassName="h-40" failure="The knowledge base could not be read">
        {(data) => <PassageList passages={data.passages} onEdit={setEditing} />}
      </QueryThen>
    </div>
  );
}

function PassageForm({ editing, onDone }: { editing: Passage | null; onDone: () => void }) {
  const add = useAddPassage();
  const edit = useEditPassage();
  const form = useZodForm(formSchema, { defaultValues: editing ? toForm(editing) : EMPTY });
  const submit = async ({ e2018, e2021, e2024, slug, ...fields }: z.output<typeof formSchema>) => {
    const editions = CODE_EDITIONS.filter((_, i) => [e2018, e2021, e2024][i]);
    await submitShowingErrors(form, async () => {
      if (editing) await edit.mutateAsync({ id: editing.id, ...fields, editions });
      else await add.mutateAsync({ slug, ...fields, editions });
      notify.success(editing ? 'Passage saved' : 'Passage added', 'The assistant retrieves it from now on.');
      form.reset(EMPTY);
      onDone();
    });
  };
  return (
    <CardDiv>
      <CardTitle>{editing ? `Edit ${editing.slug}` : 'Add a passage'}</CardTitle>
      <Form form={form} onSubmit={submit} aria-label={editing ? 'Edit the passage' : 'Add a passage'} className="mt-3">
        <FormField name="slug" label="Slug (cited as [K:slug])" disabled={editing !== null} />
        <FormField name="topic" label="Topic" control="select">
          {PASSAGE_TOPICS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </FormField>
        <FormField name="section" label="Section or document" />
        <FormField name="title" label="Title" />
        <FormField name="body" label="Passage (in our own words)" control="textarea" rows={4} />
        <FormField name="source" label="Source" />
        <FormField name="editionNote" label="Edition or year the source speaks to" />
        <fieldset className="flex flex-col">
          <legend className="text-sm font-semibold text-slate-900">Holds under the adopted IRC edition (none: not tied to an edition)</legend>
          <FormCheckbox name="e2018" label="IRC 2018" />
          <FormCheckbox name="e2021" label="IRC 2021" />
          <FormCheckbox name="e2024" label="IRC 2024" />
        </fieldset>
        <FormField name="confidence" label="Confidence" control="select">
          {CONFIDENCE_MARKS.map((c) => (
            <option key={c} value={c}>
              {c}: {CONFIDENCE_LABELS[c]}
            </option>
          ))}
        </FormField>
        <FormField name="keywords" label="Search keywords" />
        <FormError />
        <SaveCancel saving={form.formState.isSubmitting} onCancel={editing ? onDone : undefined}>
          {editing ? 'Save passage' : 'Add passage'}
        </SaveCancel>
      </Form>
    </CardDiv>
  );
}

function PassageList({ passages, onEdit }: { passages: Passage[]; onEdit: (p: Passage) => void }) {
  const edit = useEditPassage();
  const setRetired = (p: Passage, retired: boolean) =>
    edit.mutate(
      { id: p.id, retired },
      {
        onSuccess: () =>
          notify.success(
            retired ? 'Passage retired' : 'Passage restored',
            retired ? 'The assistant no longer retrieves or cites it.' : 'The assistant retrieves it again.',
          ),
        onError: (error) => notify.error('Not changed', errorText(error)),
      },
    );
  return (
    <ul aria-label="Passages" className="flex flex-col gap-2">
      {passages.map((p) => (
        <li key={p.id}>
          <CardDiv className="flex flex-col gap-2">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold text-slate-900">{p.section}</span>
              <Badge tone={p.confidence === 'P' ? 'success' : p.confidence === 'S' ? 'info' : 'warning'}>
                {p.confidence} {CONFIDENCE_LABELS[p.confidence]}
              </Badge>
              {p.editions.length > 0 && <Badge tone="neutral">IRC {p.editions.join(', ')}</Badge>}
              {p.retired && <Badge tone="danger">Retired</Badge>}
            </p>
            <p className="text-sm font-semibold text-slate-900">{p.title}</p>
            <p className="text-sm break-words text-slate-800">{p.body}</p>
            <p className="text-xs break-words text-slate-700">
              {p.slug} · Source: {p.source}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => onEdit(p)}>
                Edit <span className="sr-only">{p.slug}</span>
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setRetired(p, !p.retired)} disabled={edit.isPending}>
                {p.retired ? 'Restore' : 'Retire'} <span className="sr-only">{p.slug}</span>
              </Button>
            </div>
          </CardDiv>
        </li>
      ))}
    </ul>
  );
}
