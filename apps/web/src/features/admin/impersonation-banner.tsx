import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';

/** On every page while an admin views the product as someone else. */
export function ImpersonationBanner({ email, onExit }: { email: string; onExit: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <div role="region" aria-label="Impersonation" className="flex flex-wrap items-center justify-center gap-3 bg-amber-300 px-4 py-2 text-sm text-slate-950">
      <Eye aria-hidden="true" className="size-4" />
      <p className="font-semibold">Admin View: You are logged in as {email}</p>
      <Button
        size="sm"
        className="bg-slate-950 text-white hover:bg-slate-800"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onExit().finally(() => setBusy(false));
        }}
      >
        Exit Impersonation
      </Button>
    </div>
  );
}
