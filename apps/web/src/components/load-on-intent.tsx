import { Suspense, type ReactNode } from 'react';
import type { useLoadOnIntent } from '../lib/use-load-on-intent';

export type IntentTrigger = { className: string; label: ReactNode };

/**
 * A control whose code loads on intent (lib/use-load-on-intent.ts): a plain button that looks like
 * its trigger until the user asks for it, then the real control, with the stand-in while it loads.
 */
export function LoadOnIntent({
  intent,
  popup,
  trigger,
  children,
}: {
  intent: ReturnType<typeof useLoadOnIntent>;
  popup: 'menu' | 'dialog';
  trigger: IntentTrigger;
  children: ReactNode;
}) {
  const standIn = (
    <button type="button" aria-haspopup={popup} aria-expanded={false} className={trigger.className} {...intent.standInProps}>
      {trigger.label}
    </button>
  );
  if (!intent.requested) return standIn;
  return <Suspense fallback={standIn}>{children}</Suspense>;
}
