import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';

// Asked before signing out while this user's photos are still waiting to upload: signing out deletes
// none of them; they stay on this device and upload once the same user signs in again.

type Props = { waiting: number; open: boolean; onSignOut: () => void; onStay: () => void };

export function waitingPhotosText(waiting: number): string {
  return waiting === 1 ? '1 photo is still waiting to upload.' : `${waiting} photos are still waiting to upload.`;
}

export default function SignOutWarning({ waiting, open, onSignOut, onStay }: Props) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onStay()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Photos still waiting to upload</DialogTitle>
          <DialogDescription>
            {waitingPhotosText(waiting)} They stay on this device and upload after you sign in again with this account. Nothing is deleted.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="secondary" size="lg" onClick={onSignOut}>
            Sign out anyway
          </Button>
          <Button size="lg" onClick={onStay} autoFocus>
            Stay signed in
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
