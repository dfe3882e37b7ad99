import { isDefaultPrice, type PriceListEntry } from '@ridgeline/shared/domain/estimate';
import { Badge } from '../../../components/ui/badge';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatCents } from '../../../lib/money';
import { priceCodeLabel } from './price-list-form';

/** Price-list rows to read: what each prices, description, unit and unit price. */
export function PriceListTable({ caption, items }: { caption: string; items: readonly PriceListEntry[] }) {
  return (
    <Table>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Prices</TableHead>
          <TableHead scope="col">Description</TableHead>
          <TableHead scope="col">Unit</TableHead>
          <TableHead scope="col" className="text-right">
            Unit price
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item, index) => (
          <TableRow key={`${item.code ?? 'own'}-${index}`}>
            <TableCell>
              {priceCodeLabel(item.code)}
              {isDefaultPrice(item) && (
                <>
                  {' '}
                  <Badge tone="info">Default price</Badge>
                </>
              )}
            </TableCell>
            <TableCell>{item.description}</TableCell>
            <TableCell>{item.unit}</TableCell>
            <TableCell className="text-right">{formatCents(item.unitPriceCents)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
