import type { ReactNode } from 'react';
import { CardDiv } from './ui/card';

/** A list in a card without padding, one row a line: users, tutorials, invitations. */
export function CardList({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <CardDiv className="p-0">
      <ul aria-label={label} className="divide-y divide-slate-200">
        {children}
      </ul>
    </CardDiv>
  );
}

/** A row of a CardList: its title and a line of detail, then the row's actions. */
export function CardListRow({ title, detail, truncate = false, children }: { title: ReactNode; detail: ReactNode; truncate?: boolean; children?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{title}</p>
        <p className={truncate ? 'truncate text-sm text-slate-700' : 'text-sm text-slate-700'}>{detail}</p>
      </div>
      {children}
    </li>
  );
}
