import { Eye } from 'lucide-react';
import { useState } from 'react';

/** Spec section 2: on every page while an admin views the product as someone else. */
export function ImpersonationBanner({ email, onExit }: { email: string; onExit: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <div role="region" aria-label="Impersonation" className="flex flex-wrap items-center justify-center gap-3 bg-amber-300 px-4 py-2 text-sm text-slate-950">
      <Eye aria-hidden="true" className="size-4" />
      <p className="font-semibold">Admin View: You are logged in as {email}</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onExit().finally(() => setBusy(false));
        }}
        className="rounded-md bg-slate-950 px-3 py-1 text-xs font-semibold text-white hover:bg-slate-800 disabled:opacity-60"
      >
        Exit Impersonation
      </button>
    </div>
  );
}
