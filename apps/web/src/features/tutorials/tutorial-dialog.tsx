import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { TutorialVideo } from './tutorial-video';

type HelpDialogProps = {
  trigger: ReactNode;
  title: string;
  description: string;
  /** The video's safe embed URL; null when the page has only a written guide. */
  src: string | null;
  /** The written guide's steps (none when the video says it all). */
  steps: readonly string[];
  /** Under the help: what else the dialog offers (the page's help links to feedback about the page). */
  footer?: ReactNode;
  /** Controlled use (the help button keeps it open per page); uncontrolled without. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** A page's help in a modal: its video, its written guide as numbered steps, or both, and any footer. Close or Escape ends it. */
export function TutorialDialog({ trigger, title, description, src, steps, footer, open, onOpenChange }: HelpDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel="Close" className="max-w-[800px] gap-3">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {src && <TutorialVideo src={src} title={title} />}
        {steps.length > 0 && (
          <ol aria-label="Steps" className="flex list-decimal flex-col gap-2 pl-6 text-base text-slate-800">
            {steps.map((step, index) => (
              <li key={index}>{step}</li>
            ))}
          </ol>
        )}
        {footer}
      </DialogContent>
    </Dialog>
  );
}
