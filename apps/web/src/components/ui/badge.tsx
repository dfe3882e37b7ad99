import type { ComponentProps } from 'react';
import { withBase } from '../../lib/with-base';

// The session badge is on the signed-in first load: tones are a plain lookup and the merge is the
// light one (lib/with-base.ts), so neither class-variance-authority nor tailwind-merge loads with it.
const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';
const TONES = {
  neutral: 'bg-slate-200 text-slate-900',
  success: 'bg-green-100 text-green-900',
  warning: 'bg-amber-100 text-amber-950',
  danger: 'bg-red-100 text-red-900',
  info: 'bg-blue-100 text-blue-900',
};

export type BadgeTone = keyof typeof TONES;

export function Badge({ className, tone, ...props }: ComponentProps<'span'> & { tone?: BadgeTone | null }) {
  return <span className={withBase(`${BADGE} ${TONES[tone ?? 'neutral']}`, className)} {...props} />;
}
