import { Pencil, Trash2 } from 'lucide-react';
import type { EstimateLine } from '@ridgeline/shared/contracts/estimating';
import { lineTotal } from '@ridgeline/shared/domain/estimate';
import { Button } from '../../../components/ui/button';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatCents } from '../../../lib/money';
import { percentText, quantityText } from './draft';

type Props = {
  lines: readonly EstimateLine[];
  caption: string;
  /** Depreciation is per line: each line shows its percentage. */
  perLineDepreciation: boolean;
  /** Editable when given. */
  onEdit?: (line: EstimateLine) => void;
  onRemove?: (line: EstimateLine) => void;
  /** The inspection's photos by id, to show a line's supporting photos (their count alone without it). */
  photos?: ReadonlyMap<string, LinePhoto>;
};

/** A photo as a line shows it: its small thumbnail (null until made) and its name. */
export type LinePhoto = { thumbUrl: string | null; label: string };

/** The photos a line names: their count, and the first few thumbnails when they are known. */
function LinePhotos({ ids, photos }: { ids: readonly string[]; photos: ReadonlyMap<string, LinePhoto> | undefined }) {
  if (ids.length === 0) return null;
  const shown = ids.flatMap((id) => {
    const photo = photos?.get(id);
    return photo?.thumbUrl ? [{ id, ...photo, thumbUrl: photo.thumbUrl }] : [];
  });
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-700">
      <span>Supported by {ids.length === 1 ? '1 photo' : `${ids.length} photos`}</span>
      {shown.slice(0, 4).map((photo) => (
        <img key={photo.id} src={photo.thumbUrl} alt={photo.label} className="size-10 rounded object-cover" loading="lazy" />
      ))}
    </span>
  );
}

// On a phone each row is a card: the header row is read by screen readers only, the cells stack,
// and each number carries its own small label.
const ROW = 'max-sm:flex max-sm:flex-col max-sm:gap-1 max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-3';
const CELL = 'max-sm:py-0';
const PHONE_LABEL = 'text-xs text-slate-700 sm:hidden';

/** The estimate's lines: description (with the measurement behind a formula line), quantity, unit price, total. */
export function LinesTable({ lines, caption, perLineDepreciation, onEdit, onRemove, photos }: Props) {
  const editable = Boolean(onEdit ?? onRemove);
  return (
    <Table className="max-sm:block">
      <TableCaption>{caption}</TableCaption>
      <TableHeader className="max-sm:sr-only">
        <TableRow>
          <TableHead scope="col">Description</TableHead>
          <TableHead scope="col" className="text-right">
            Quantity
          </TableHead>
          <TableHead scope="col" className="text-right">
            Unit price
          </TableHead>
          {perLineDepreciation && (
            <TableHead scope="col" className="text-right">
              Depr.
            </TableHead>
          )}
          <TableHead scope="col" className="text-right">
            Total
          </TableHead>
          {editable && (
            <TableHead scope="col">
              <span className="sr-only">Actions</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody className="max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:divide-y-0">
        {lines.map((line) => (
          <TableRow key={line.id} className={ROW}>
            <TableCell className={CELL}>
              <span className="font-medium">{line.description}</span>
              {line.basis && <span className="block text-xs text-slate-700">{line.basis}</span>}
              <LinePhotos ids={line.photoIds} photos={photos} />
            </TableCell>
            <TableCell className={`${CELL} whitespace-nowrap sm:text-right`}>
              <span className={PHONE_LABEL}>Quantity: </span>
              {quantityText(line.quantity)} {line.unit}
            </TableCell>
            <TableCell className={`${CELL} whitespace-nowrap sm:text-right`}>
              <span className={PHONE_LABEL}>Unit price: </span>
              {formatCents(line.unitPriceCents)}
            </TableCell>
            {perLineDepreciation && (
              <TableCell className={`${CELL} whitespace-nowrap sm:text-right`}>
                <span className={PHONE_LABEL}>Depreciation: </span>
                {percentText(line.depreciationBp)}
              </TableCell>
            )}
            <TableCell className={`${CELL} whitespace-nowrap font-semibold sm:text-right`}>
              <span className={PHONE_LABEL}>Total: </span>
              {formatCents(lineTotal(line))}
            </TableCell>
            {editable && (
              <TableCell className={`${CELL} whitespace-nowrap`}>
                <span className="flex gap-1">
                  {onEdit && (
                    <Button variant="ghost" size="icon" className="size-12" onClick={() => onEdit(line)} aria-label={`Edit ${line.description}`}>
                      <Pencil aria-hidden="true" className="size-5" />
                    </Button>
                  )}
                  {onRemove && (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-12 text-red-800"
                      onClick={() => onRemove(line)}
                      aria-label={`Remove ${line.description}`}
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                    </Button>
                  )}
                </span>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
