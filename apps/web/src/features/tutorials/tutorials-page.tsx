import * as Dialog from '@radix-ui/react-dialog';
import { PlayCircle, X } from 'lucide-react';
import { useState } from 'react';
import type { Tutorial } from '@ridgeline/shared/contracts/tutorials';
import { safeEmbedUrl } from '@ridgeline/shared/domain/tutorial-embed';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useMe } from '../../lib/api/me';
import { TutorialForm } from './tutorial-form';
import { useAllTutorials, useSaveTutorial } from './tutorials-api';
import { TutorialVideo } from './tutorial-video';

function Preview({ tutorial }: { tutorial: Tutorial }) {
  const src = safeEmbedUrl(tutorial.embedCode);
  if (!src) return <span className="text-xs text-slate-700">No playable video</span>;
  return (
    <Dialog.Root>
      <Dialog.Trigger className="flex items-center gap-1 rounded-md border border-slate-300 px-2.5 py-1 text-sm font-semibold text-slate-900 hover:bg-slate-50">
        <PlayCircle aria-hidden="true" className="size-4" /> Watch<span className="sr-only"> {tutorial.title}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(800px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-lg bg-white p-5 shadow-xl">
          <div className="flex items-start justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{tutorial.title}</Dialog.Title>
            <Dialog.Close className="rounded p-1 text-slate-700 hover:bg-slate-100">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-slate-700">{tutorial.description ?? tutorial.pageRoute}</Dialog.Description>
          <TutorialVideo src={src} title={tutorial.title} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** /tutorials: every help video by page; platform admins create, edit and deactivate them. */
export default function TutorialsPage() {
  useDocumentTitle('Tutorials');
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const list = useAllTutorials();
  const save = useSaveTutorial();
  const [editing, setEditing] = useState<Tutorial | 'new' | null>(null);

  const toggle = (tutorial: Tutorial) =>
    save.mutate(
      { id: tutorial.id, input: { isActive: !tutorial.isActive } },
      {
        onSuccess: (saved) => notify.success(saved.isActive ? 'Tutorial activated' : 'Tutorial deactivated', saved.title),
        onError: (e) => notify.error('Tutorial not saved', errorText(e)),
      },
    );

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Tutorials</h1>
        {isAdmin && editing === null && (
          <button type="button" onClick={() => setEditing('new')} className="rounded-md bg-blue-900 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
            New tutorial
          </button>
        )}
      </div>
      <p className="text-sm text-slate-700">Short videos for each part of Ridgeline. The Help button at the top of a page plays its video.</p>
      {isAdmin && editing !== null && <TutorialForm key={editing === 'new' ? 'new' : editing.id} editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {list.isError && <p role="alert" className="text-sm text-red-800">The tutorials could not be loaded.</p>}
      <ul aria-label="Tutorials" className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {list.data?.tutorials.map((tutorial) => (
          <li key={tutorial.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {tutorial.title}
                {!tutorial.isActive && <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-800">inactive</span>}
              </p>
              <p className="text-sm text-slate-700">
                <code>{tutorial.pageRoute}</code>
                {tutorial.description ? ` · ${tutorial.description}` : ''}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Preview tutorial={tutorial} />
              {isAdmin && (
                <>
                  <button type="button" onClick={() => setEditing(tutorial)} className="rounded-md border border-slate-300 px-2.5 py-1 text-sm font-semibold text-slate-900 hover:bg-slate-50">
                    Edit<span className="sr-only"> {tutorial.title}</span>
                  </button>
                  <button type="button" onClick={() => toggle(tutorial)} className="rounded-md border border-slate-300 px-2.5 py-1 text-sm font-semibold text-slate-900 hover:bg-slate-50">
                    {tutorial.isActive ? 'Deactivate' : 'Activate'}
                    <span className="sr-only"> {tutorial.title}</span>
                  </button>
                </>
              )}
            </div>
          </li>
        ))}
        {list.data?.tutorials.length === 0 && <li className="px-4 py-3 text-sm text-slate-700">No tutorials yet.</li>}
      </ul>
    </div>
  );
}
