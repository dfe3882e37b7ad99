import type { ReactNode } from 'react';
import type { PageHelp } from './page-tutorial-api';
import { TutorialDialog } from './tutorial-dialog';

// The help dialog with the page's video or written guide, loaded when its Help button is first
// pressed (help-button.tsx): most visits never open it, and the dialog is heavy for every first load.

type Props = {
  tutorial: PageHelp;
  trigger: { className: string; label: ReactNode };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export default function HelpDialog({ tutorial, trigger, open, onOpenChange }: Props) {
  return (
    <TutorialDialog
      title={tutorial.title}
      description={tutorial.description ?? (tutorial.embedUrl ? 'A short video about this page.' : 'A short guide to this page.')}
      src={tutorial.embedUrl}
      steps={tutorial.steps}
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
