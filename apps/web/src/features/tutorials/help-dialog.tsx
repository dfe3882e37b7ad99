import type { ReactNode } from 'react';
import type { Tutorial } from '@ridgeline/shared/contracts/tutorial-views';
import { VideoDialog } from './video-dialog';

// The help dialog with the page's tutorial video, loaded when its Help button is first pressed
// (help-button.tsx): most visits never open it, and the dialog is heavy for every first load.

type Props = {
  tutorial: Tutorial & { embedUrl: string };
  trigger: { className: string; label: ReactNode };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export default function HelpDialog({ tutorial, trigger, open, onOpenChange }: Props) {
  return (
    <VideoDialog
      title={tutorial.title}
      description={tutorial.description ?? 'A short video about this page.'}
      src={tutorial.embedUrl}
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <button type="button" className={trigger.className}>
          {trigger.label}
        </button>
      }
    />
  );
}
