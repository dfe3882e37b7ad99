import type { ReactNode } from 'react';

/** A signed-in page's heading and the line under it that says what the page is for. */
export function PageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-700">{children}</p>
    </header>
  );
}
