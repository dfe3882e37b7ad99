import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Estimate } from '@ridgeline/shared/contracts/estimating';
import { Badge } from '../../../components/ui/badge';
import { buttonVariants } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { estimateCsvHref } from '../api/estimate-export';
import { dateText, percentText, quantityText } from './draft';
import { LinesTable } from './lines-table';
import { SupplementList } from './supplement-list';
import { TotalsList } from './totals-list';

type Props = {
  estimate: Estimate;
  headingLevel: 'h2' | 'h3';
  /** Shown under the heading (e.g. the way back to the latest version). */
  children?: ReactNode;
};

/** One saved version, read-only: its lines, totals, the carrier's scope and the saved supplement list. */
export function EstimateVersionView({ estimate, headingLevel, children }: Props) {
  const Heading = headingLevel;
  const Sub = headingLevel === 'h2' ? 'h3' : 'h4';
  const headingId = `estimate-${estimate.id}`;
  const settings = [
    estimate.opEnabled ? 'O&P on' : 'O&P off',
    estimate.depreciationMode === 'line' ? 'depreciation per line' : `depreciation ${percentText(estimate.overallDepreciationBp)} of RCV`,
  ].join(', ');
  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <Heading id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
          Version {estimate.version}
          {estimate.isLatest ? <Badge tone="info">Latest</Badge> : <Badge>Read-only</Badge>}
        </Heading>
        <p className="text-sm text-slate-700">
          {[estimate.sessionAddress, `saved ${dateText(estimate.updatedAt)}`, estimate.createdByName && `by ${estimate.createdByName}`]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="text-sm text-slate-700">{settings}</p>
      </div>
      {children}
      {estimate.lines.length === 0 ? (
        <p className="text-sm text-slate-700">No lines.</p>
      ) : (
        <LinesTable lines={estimate.lines} caption={`Lines of version ${estimate.version}`} perLineDepreciation={estimate.depreciationMode === 'line'} />
      )}
      <TotalsList totals={estimate.totals} opEnabled={estimate.opEnabled} label={`Totals of version ${estimate.version}`} />
      <div>
        <a href={estimateCsvHref(estimate.id)} download className={buttonVariants({ variant: 'secondary' })}>
          <Download aria-hidden="true" className="size-4" />
          Export CSV<span className="sr-only"> of version {estimate.version}</span>
        </a>
      </div>
      {estimate.carrierScope.length > 0 && (
        <>
          <section aria-labelledby={`${headingId}-scope`} className="flex flex-col gap-1">
            <Sub id={`${headingId}-scope`} className="text-base font-semibold text-slate-900">
              Carrier scope
            </Sub>
            <ul className="list-disc pl-5 text-sm text-slate-800">
              {estimate.carrierScope.map((line, index) => (
                <li key={index}>
                  {line.description}: {quantityText(line.quantity)} {line.unit}
                </li>
              ))}
            </ul>
          </section>
          <SupplementList
            items={estimate.supplement}
            title="Supplement request"
            description={[estimate.sessionAddress, `estimate version ${estimate.version}`].filter(Boolean).join(' · ')}
            headingLevel={Sub}
            printable
          />
        </>
      )}
    </Card>
  );
}
