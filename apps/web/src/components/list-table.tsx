import type { ReactNode } from 'react';
import { Table, TableBody, TableCaption, TableHead, TableHeader, TableRow } from './ui/table';

/** A plain table of rows: its caption (read by screen readers), one column header a name, and the rows. */
export function ListTable({
  caption,
  headers,
  className,
  children,
}: {
  caption: ReactNode;
  headers: readonly string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <Table className={className}>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {headers.map((header) => (
            <TableHead key={header} scope="col">
              {header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
