import { MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { feedbackHref } from '../../lib/feedback-link';
import type { PageHelp } from './page-tutorial-api';
import { TutorialDialog } from './tutorial-dialog';
import { paths } from '../../lib/paths';

// The help dialog of every page, loaded when its Help button is first pressed (help-button.tsx): the
// page's video or written guide when it has one, and always the way to send feedback about the page
// (the form is filled in with it). Most visits never open it, and the dialog is heavy for every first load.

type Props = {
  /** The page's help; null when it has none (the dialog then offers feedback and the tutorials). */
  tutorial: PageHelp | null;
  /** The page the dialog is open on, carried to the feedback form. */
  page: string;
  trigger: { className: string; label: ReactNode };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const LINK_CLASS = 'inline-flex min-h-11 items-center gap-1.5 font-semibold text-blue-800 underline underline-offset-2';

function Footer({ page, onLeave }: { page: string; onLeave: () => void }) {
  return (
    <div className="flex flex-col gap-1 border-t border-slate-200 pt-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-6">
      <Link to={feedbackHref(page)} onClick={onLeave} className={LINK_CLASS}>
        <MessageSquare aria-hidden="true" className="size-4" />
        Send feedback about this page
      </Link>
      <Link to={paths.tutorials} onClick={onLeave} className={LINK_CLASS}>
        Every tutorial
      </Link>
    </div>
  );
}

export default function HelpDialog({ tutorial, page, trigger, open, onOpenChange }: Props) {
  return (
    <TutorialDialog
      title={tutorial?.title ?? 'Help'}
      description={
        tutorial
          ? (tutorial.description ?? (tutorial.embedUrl ? 'A short video about this page.' : 'A short guide to this page.'))
          : 'This page has no guide yet. Tell the Ridgeline team what you are looking for, or see every tutorial.'
      }
      src={tutorial?.embedUrl ?? null}
      steps={tutorial?.steps ?? []}
      footer={<Footer page={page} onLeave={() => onOpenChange(false)} />}
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
