import type { Conversation } from '@ridgeline/shared/contracts/chat';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useArchiveConversation } from './api/archive-conversation';

type ArchiveDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversation: Conversation;
  /** After it is archived: it has left the list, so the panel goes back to it. */
  onArchived: () => void;
};

/** Asks before archiving a conversation: it leaves the list for its members. */
export function ArchiveDialog({ open, onOpenChange, conversation, onArchived }: ArchiveDialogProps) {
  const archive = useArchiveConversation();
  const run = () =>
    archive.mutate(conversation.id, {
      onSuccess: () => {
        onOpenChange(false);
        notify.success('Conversation archived', 'The conversation has been archived and is no longer visible.');
        onArchived();
      },
      onError: (error) => {
        onOpenChange(false);
        notify.error('Failed to archive conversation', errorText(error));
      },
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>Archive {conversation.title}?</DialogTitle>
          <DialogDescription>It leaves the conversation list. Its messages are kept.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={archive.isPending} onClick={run}>
            {archive.isPending ? 'Archiving…' : 'Archive'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
