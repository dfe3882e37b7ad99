import { BookOpen, PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Tutorial } from '@ridgeline/shared/contracts/tutorials';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardList, CardListRow } from '../../components/card-list';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { pageName } from '../../lib/page-names';
import { notify } from '../../lib/toast';
import { useMe } from '../../lib/api/me';
import { helpOf } from './page-tutorial-api';
import { TutorialForm } from './tutorial-form';
import { useAllTutorials, useSaveTutorial } from './tutorials-api';
import { TutorialDialog } from './tutorial-dialog';

/** Watch (a video, with its guide under it) or Read (a written guide only). */
function Preview({ tutorial }: { tutorial: Tutorial }) {
  const help = helpOf(tutorial);
  if (!help) return <span className="text-xs text-slate-700">No playable video</span>;
  const Icon = help.embedUrl ? PlayCircle : BookOpen;
  return (
    <TutorialDialog
      title={tutorial.title}
      description={tutorial.description ?? pageName(tutorial.pageRoute)}
      src={help.embedUrl}
      steps={help.steps}
      trigger={
        <Button variant="secondary" size="sm" className="gap-1">
          <Icon aria-hidden="true" className="size-4" /> {help.embedUrl ? 'Watch' : 'Read'}
          <span className="sr-only"> {tutorial.title}</span>
        </Button>
      }
    />
  );
}

/** The page a tutorial helps with, by name: a link when it is one page, words for every page of a section. */
function PageOf({ route }: { route: string }) {
  const name = pageName(route);
  if (route.includes('*') || route.includes(':')) return <span>{name}</span>;
  return (
    <Link to={route} className="text-blue-800 underline underline-offset-2">
      {name}
    </Link>
  );
}

/** /tutorials: every page's help (a video, a written guide or both) by page name; platform admins create, edit and deactivate them. */
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
        {isAdmin && editing === null && <Button onClick={() => setEditing('new')}>New tutorial</Button>}
      </div>
      <p className="text-sm text-slate-700">Short videos and guides for each part of Ridgeline. The Help button at the top of a page opens its own.</p>
      {isAdmin && editing !== null && (
        <TutorialForm key={editing === 'new' ? 'new' : editing.id} editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
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
                <PageOf route={tutorial.pageRoute} />
                {tutorial.description ? ` · ${tutorial.description}` : ''}
                {isAdmin && (
                  <span className="block text-xs text-slate-600">
                    Page route <code>{tutorial.pageRoute}</code>
                  </span>
                )}
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
