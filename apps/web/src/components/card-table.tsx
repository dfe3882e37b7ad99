import type { ReactNode } from 'react';
import { CardDiv } from './ui/card';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from './ui/table';

type CardTableProps = {
  /** The column headers, in order (a node for a header read only by screen readers). */
  headers: ReactNode[];
  /** The side padding of every header (the cells' own is the caller's). */
  cellPadding: 'px-3' | 'px-4';
  headerClassName: string;
  caption?: string;
  /** The one row saying the table is empty, when there is nothing to list. */
  empty?: ReactNode;
  children: ReactNode;
};

/** A table in a card without padding: the lists of the team and admin pages. */
export function CardTable({ headers, cellPadding, headerClassName, caption, empty, children }: CardTableProps) {
  return (
    <CardDiv className="p-0">
      <Table>
        {caption && <TableCaption>{caption}</TableCaption>}
        <TableHeader className={headerClassName}>
          <TableRow>
            {headers.map((header, index) => (
              <TableHead key={index} scope="col" className={cellPadding}>
                {header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody className="divide-slate-200">
          {children}
          {empty && (
            <TableRow>
              <TableCell colSpan={headers.length} className={`${cellPadding} py-3 text-slate-700`}>
                {empty}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </CardDiv>
  );
}
