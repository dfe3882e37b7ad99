import type { ReactNode } from 'react';
import { CardList } from './card-list';
import { CardTable } from './card-table';

type TableOrCardsProps = {
  /** The table's caption and the card list's name. */
  label: string;
  /** The two views' test ids: `${testId}-table` and `${testId}-cards`. */
  testId: string;
  headers: ReactNode[];
  /** The table's rows (TableRow), shown on wider screens. */
  rows: ReactNode;
  /** The same items as CardListRows, shown on a phone. */
  cards: ReactNode;
};

/** A list read as a table on wider screens and as a card list on a phone. */
export function TableOrCards({ label, testId, headers, rows, cards }: TableOrCardsProps) {
  return (
    <>
      <div className="hidden md:block" data-testid={`${testId}-table`}>
        <CardTable caption={label} headers={headers} cellPadding="px-3" headerClassName="bg-slate-50">
          {rows}
        </CardTable>
      </div>
      <div className="md:hidden" data-testid={`${testId}-cards`}>
        <CardList label={label}>{cards}</CardList>
      </div>
    </>
  );
}
