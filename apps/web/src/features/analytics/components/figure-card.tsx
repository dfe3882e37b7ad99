import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { csvDocument } from '@ridgeline/shared/domain/csv';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { downloadText } from '../../../lib/download';

/** A column of a figure's table: its header, the cell people read, and the value the CSV holds. */
export type FigureColumn<Row> = { header: string; cell: (row: Row) => string; csv: (row: Row) => string | number | null; numeric?: boolean };

type FigureCardProps<Row> = {
  id: string;
  title: string;
  description: ReactNode;
  rows: readonly Row[];
  columns: readonly FigureColumn<Row>[];
  /** The CSV file's name, without the extension. */
  fileName: string;
  /** The chart; drawn only when there are rows, hidden from screen readers (the table says the same). */
  chart?: ReactNode;
  empty: string;
};

/**
 * One figure of the analytics page: its chart, the same numbers as a table (what screen readers and
 * the CSV read), and a CSV download of that table.
 */
export function FigureCard<Row>({ id, title, description, rows, columns, fileName, chart, empty }: FigureCardProps<Row>) {
  const download = () =>
    downloadText(
      `${fileName}.csv`,
      csvDocument(
        columns.map((column) => column.header),
        rows.map((row) => columns.map((column) => column.csv(row))),
      ),
    );
  return (
    <Card aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button variant="secondary" size="sm" onClick={download} disabled={rows.length === 0} aria-label={`Download ${title} as CSV`}>
          <Download aria-hidden="true" className="size-4" />
          CSV
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <>
          {chart && (
            <div aria-hidden="true" className="h-56 w-full min-w-0">
              {chart}
            </div>
          )}
          <Table>
            <TableCaption>{title}</TableCaption>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHead key={column.header} scope="col" className={column.numeric ? 'text-right' : undefined}>
                    {column.header}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={index}>
                  {columns.map((column) => (
                    <TableCell key={column.header} className={column.numeric ? 'text-right tabular-nums' : undefined}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Card>
  );
}
