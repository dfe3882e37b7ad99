import type { Proposal } from '@ridgeline/shared/contracts/documents';
import { Download, FileText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useCompanyDetailsGate } from '../../components/company-details-prompt';
import { Button, buttonVariants } from '../../components/ui/button';
import { isOnItsWay } from '../../lib/document-status';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useMakeProposalPdf } from './api/make-proposal-pdf';
import { reportFileUrl } from './api/proposal-keys';
import { useProposalReport } from './api/proposal-report';

// The proposal's PDF: made in the background (the percent moves while it renders), then downloaded.

export function ProposalPdf({ proposal }: { proposal: Proposal }) {
  const make = useMakeProposalPdf();
  const letterhead = useCompanyDetailsGate('a proposal');
  const report = useProposalReport(proposal.reportId);
  const status = report.data?.status;
  const rendering = status !== undefined && isOnItsWay({ status });
  const onItsWay = make.isPending || rendering;

  // A PDF seen on its way and then ready says so once, wherever the user is on the page.
  const wasOnItsWay = useRef(false);
  useEffect(() => {
    if (rendering) wasOnItsWay.current = true;
    else if (wasOnItsWay.current && status === 'ready') {
      wasOnItsWay.current = false;
      notify.success('Proposal PDF ready', 'Download it from the proposal.');
    } else if (status === 'failed') wasOnItsWay.current = false;
  }, [status, rendering]);

  const start = () =>
    make.mutate(proposal.id, {
      onSuccess: () => notify.info('Making the PDF', 'It is ready in a moment; you can keep working.'),
      onError: (e) => notify.error('Could not make the PDF', errorText(e)),
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      {letterhead.dialog}
      <Button type="button" variant="secondary" onClick={() => letterhead.run(start)} disabled={onItsWay}>
        <FileText aria-hidden="true" className="size-4" />
        {status === 'ready' ? 'Make PDF again' : 'Make PDF'}
      </Button>
      {report.data && onItsWay && (
        <p role="status" className="text-sm text-slate-700">
          Making the PDF… {report.data.progress}%
        </p>
      )}
      {report.data && status === 'ready' && (
        <a className={buttonVariants({ variant: 'link', size: 'inline' })} href={reportFileUrl(report.data.id)} download>
          <Download aria-hidden="true" className="size-4" />
          Download PDF
        </a>
      )}
      {report.data && status === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          The PDF could not be made{report.data.error ? `: ${report.data.error}` : '.'}
        </p>
      )}
    </div>
  );
}
