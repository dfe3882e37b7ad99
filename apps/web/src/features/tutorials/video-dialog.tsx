import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { TutorialVideo } from './tutorial-video';

type VideoDialogProps = {
  trigger: ReactNode;
  title: string;
  description: string;
  src: string;
  /** Controlled use (the help button keeps it open per page); uncontrolled without. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** A tutorial video in a modal: the trigger (a kit Button) opens it, Close or Escape ends it. */
export function VideoDialog({ trigger, title, description, src, open, onOpenChange }: VideoDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel="Close" className="max-w-[800px] gap-3">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <TutorialVideo src={src} title={title} />
      </DialogContent>
    </Dialog>
  );
}
