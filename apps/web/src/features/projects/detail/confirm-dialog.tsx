import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  destructive?: boolean;
  onConfirm: () => void;
};

/** Asks before a write that cannot be taken back (delete, archive); the dialog stays open while it runs. */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, busyLabel, busy, destructive = false, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{children}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant={destructive ? 'destructive' : 'primary'} disabled={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type ConfirmedDeleteProps = {
  /** What the trash button says to screen readers ("Delete report.pdf"). */
  label: string;
  title: string;
  confirmLabel: string;
  children: ReactNode;
  busy: boolean;
  /** The delete itself; its promise settles the dialog. */
  run: () => Promise<unknown>;
  done: { title: string; description: string };
  failedTitle: string;
};

/**
 * A trash button that asks first, then deletes and says how it went. It waits on the delete's promise,
 * not on mutate's callbacks: the row holding it unmounts once the refreshed list leaves it out.
 */
export function ConfirmedDelete({ label, title, confirmLabel, children, busy, run, done, failedTitle }: ConfirmedDeleteProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        <span className="sr-only">{label}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        confirmLabel={confirmLabel}
        busyLabel="Deleting…"
        busy={busy}
        destructive
        onConfirm={() =>
          run().then(
            () => {
              setOpen(false);
              notify.success(done.title, done.description);
            },
            (error: unknown) => {
              setOpen(false);
              notify.error(failedTitle, errorText(error));
            },
          )
        }
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
