import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { enablePush } from './enable-push';

/** "Enable notifications": subscribes this device to chat push (the chat panel's header and /messages). */
export function PushToggle({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = () => {
    setBusy(true);
    void enablePush().finally(() => setBusy(false));
  };
  return (
    <Button variant="secondary" className={className} onClick={onClick} disabled={busy} aria-busy={busy}>
      <Bell aria-hidden="true" className="size-4" />
      Enable notifications
    </Button>
  );
}
