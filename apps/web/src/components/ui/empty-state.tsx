import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type EmptyStateProps = { icon?: ReactNode; title?: ReactNode; children?: ReactNode; action?: ReactNode; className?: string };

/** What a list or page shows when it has nothing yet: an honest sentence and, if any, the next step. */
export function EmptyState({ icon, title, children, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn('flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-6 text-center text-slate-700', className)}
    >
      {icon}
      {title && <p className="font-semibold text-slate-900">{title}</p>}
      {children}
      {action}
    </div>
  );
}
