import { PlayCircle } from 'lucide-react';
import { useState } from 'react';
import type { Tutorial } from '@ridgeline/shared/contracts/tutorials';
import { safeEmbedUrl } from '@ridgeline/shared/domain/tutorial-embed';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardList, CardListRow } from '../../components/card-list';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useMe } from '../../lib/api/me';
import { TutorialForm } from './tutorial-form';
import { useAllTutorials, useSaveTutorial } from './tutorials-api';
import { VideoDialog } from './video-dialog';

function Preview({ tutorial }: { tutorial: Tutorial }) {
  const src = safeEmbedUrl(tutorial.embedCode);
  if (!src) return <span className="text-xs text-slate-700">No playable video</span>;
  return (
    <VideoDialog
      title={tutorial.title}
      description={tutorial.description ?? tutorial.pageRoute}
      src={src}
      trigger={
        <Button variant="secondary" size="sm" className="gap-1">
          <PlayCircle aria-hidden="true" className="size-4" /> Watch<span className="sr-only"> {tutorial.title}</span>
        </Button>
      }
    />
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
          <Button onClick={() => setEditing('new')}>New tutorial</Button>
        )}
      </div>
      <p className="text-sm text-slate-700">Short videos for each part of Ridgeline. The Help button at the top of a page plays its video.</p>
      {isAdmin && editing !== null && <TutorialForm key={editing === 'new' ? 'new' : editing.id} editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {list.isError && <Alert>The tutorials could not be loaded.</Alert>}
      <CardList label="Tutorials">
        {list.data?.tutorials.map((tutorial) => (
          <CardListRow
            key={tutorial.id}
            title={
              <>
                {tutorial.title}
                {!tutorial.isActive && <Badge className="ml-2">inactive</Badge>}
              </>
            }
            detail={
              <>
                <code>{tutorial.pageRoute}</code>
                {tutorial.description ? ` · ${tutorial.description}` : ''}
              </>
            }
          >
            <div className="flex items-center gap-2">
              <Preview tutorial={tutorial} />
              {isAdmin && (
                <>
                  <Button variant="secondary" size="sm" onClick={() => setEditing(tutorial)}>
                    Edit<span className="sr-only"> {tutorial.title}</span>
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => toggle(tutorial)}>
                    {tutorial.isActive ? 'Deactivate' : 'Activate'}
                    <span className="sr-only"> {tutorial.title}</span>
                  </Button>
                </>
              )}
            </div>
          </CardListRow>
        ))}
        {list.data?.tutorials.length === 0 && <li className="px-4 py-3 text-sm text-slate-700">No tutorials yet.</li>}
      </CardList>
    </div>
  );
}
