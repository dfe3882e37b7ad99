import { Printer } from 'lucide-react';
import { useId, useRef } from 'react';
import type { SupplementItemView } from '@ridgeline/shared/contracts/estimating';
import { Button } from '../../../components/ui/button';
import { formatCents } from '../../../lib/money';
import { quantityText } from './draft';
import './supplement-print.css';

type Props = {
  items: readonly SupplementItemView[];
  title: string;
  /** Under the title (e.g. which version, the address) on screen and on paper. */
  description?: string;
  /** Offers "Print supplement" (the list alone on paper). */
  printable?: boolean;
  headingLevel?: 'h2' | 'h3' | 'h4';
};

function itemWords(item: SupplementItemView): string {
  if (item.kind === 'missing')
    return item.code === 'o_and_p' ? 'Missing from the scope' : `Missing from the scope: ours ${quantityText(item.ourQuantity)} ${item.unit}`;
  return `Under-counted: ours ${quantityText(item.ourQuantity)} ${item.unit}, the carrier's ${quantityText(item.carrierQuantity)} ${item.unit}`;
}

/** What the carrier's scope lacks or under-counts, each item with its amount and the measurement behind it. */
export function SupplementList({ items, title, description, printable = false, headingLevel = 'h3' }: Props) {
  const headingId = useId();
  const region = useRef<HTMLElement>(null);
  const Heading = headingLevel;
  const total = items.reduce((n, item) => n + item.amountCents, 0);

  const print = () => {
    const element = region.current;
    if (!element) return;
    element.setAttribute('data-printing', '');
    const done = () => element.removeAttribute('data-printing');
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    // Browsers whose print() returns before printing still send afterprint; the others are done here.
    setTimeout(done, 1_000);
  };

  return (
    <section ref={region} aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </Heading>
        {printable && items.length > 0 && (
          <Button variant="secondary" className="min-h-12" onClick={print} data-print-hide="">
            <Printer aria-hidden="true" className="size-4" />
            Print supplement
          </Button>
        )}
      </div>
      {description && <p className="text-sm text-slate-700">{description}</p>}
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">Nothing to request: the carrier's scope has everything our estimate has.</p>
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {items.map((item) => (
              <li key={item.code} className="rounded-md border border-slate-200 p-3">
                <p className="flex flex-wrap justify-between gap-2 font-semibold text-slate-900">
                  <span>{item.description}</span>
                  <span className="tabular-nums">{formatCents(item.amountCents)}</span>
                </p>
                <p className="text-sm text-slate-800">{itemWords(item)}</p>
                <p className="text-sm text-slate-700">Supported by: {item.support}</p>
              </li>
            ))}
          </ul>
          <p className="text-right font-semibold text-slate-900">Supplement total {formatCents(total)}</p>
        </>
      )}
    </section>
  );
}
