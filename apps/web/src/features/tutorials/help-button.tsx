import { CircleHelp } from 'lucide-react';
import { useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { usePageTutorial } from './tutorials-api';
import { VideoDialog } from './video-dialog';

/** A help button on each page that has an active tutorial, opening its video. */
export function HelpButton() {
  const { pathname } = useLocation();
  const tutorial = usePageTutorial(pathname).data;
  if (!tutorial) return null;
  return (
    <VideoDialog
      title={tutorial.title}
      description={tutorial.description ?? 'A short video about this page.'}
      src={tutorial.embedUrl}
      trigger={
        <Button variant="ghost" className="gap-1.5 text-blue-900 hover:bg-blue-50">
          <CircleHelp aria-hidden="true" className="size-4" />
          Help
        </Button>
      }
    />
  );
}
