import { useState, type FormEvent } from 'react';
import { createTutorialSchema, type Tutorial } from '@ridgeline/shared/contracts/tutorials';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useSaveTutorial } from './tutorials-api';

type Values = { pageRoute: string; title: string; description: string; embedCode: string; isActive: boolean };
const EMPTY: Values = { pageRoute: '/', title: '', description: '', embedCode: '', isActive: true };

const input = 'rounded-md border border-slate-300 px-3 py-2 text-sm';

/** Create or edit a tutorial (platform admins). The embed must be an https YouTube or Vimeo video. */
export function TutorialForm({ editing, onDone }: { editing: Tutorial | null; onDone: () => void }) {
  const [values, setValues] = useState<Values>(
    editing ? { pageRoute: editing.pageRoute, title: editing.title, description: editing.description ?? '', embedCode: editing.embedCode, isActive: editing.isActive } : EMPTY,
  );
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const save = useSaveTutorial();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTutorialSchema.safeParse({ ...values, description: values.description.trim() || null });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { id: editing?.id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          notify.success(editing ? 'Tutorial saved' : 'Tutorial created', parsed.data.title);
          onDone();
        },
        onError: (e) => notify.error('Tutorial not saved', errorText(e)),
      },
    );
  };

  const field = (key: 'pageRoute' | 'title' | 'embedCode', label: string, hint?: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`tutorial-${key}`} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={`tutorial-${key}`}
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `tutorial-${key}-error` : undefined}
        className={input}
      />
      {hint && <p className="text-xs text-slate-700">{hint}</p>}
      {errors[key] && (
        <p id={`tutorial-${key}-error`} className="text-sm text-red-800">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Edit tutorial' : 'New tutorial'} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-semibold text-slate-900">{editing ? `Edit “${editing.title}”` : 'New tutorial'}</h2>
      {field('pageRoute', 'Page route', 'For example /dashboard, or /projects/* for every project page.')}
      {field('title', 'Title')}
      <div className="flex flex-col gap-1">
        <label htmlFor="tutorial-description" className="text-sm font-semibold text-slate-900">
          Description
        </label>
        <textarea id="tutorial-description" rows={2} value={values.description} onChange={(e) => set('description', e.target.value)} className={input} />
      </div>
      {field('embedCode', 'Video link or embed code', 'An https YouTube or Vimeo link or <iframe> embed code.')}
      <label className="flex items-center gap-2 text-sm text-slate-900">
        <input type="checkbox" checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />
        Active (shown as the page's help)
      </label>
      <div className="flex gap-2">
        <button type="submit" disabled={save.isPending} className="rounded-md bg-blue-900 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60">
          {editing ? 'Save tutorial' : 'Create tutorial'}
        </button>
        <button type="button" onClick={onDone} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50">
          Cancel
        </button>
      </div>
    </form>
  );
}
