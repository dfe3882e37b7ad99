import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatInches } from '@ridgeline/shared/domain/shingle-length';
import { TRY_SAMPLES, runTestBench, type BenchReport } from '@ridgeline/shared/domain/shingle-test-bench';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMe } from '../../lib/api/me';
import { errorText } from '../../lib/error-text';
import { useShingleCatalog } from './api/catalog';
import { paths } from '../../lib/paths';
import { TitledSection } from '../../components/titled-section';

// /shingle-analysis-test: ready-made samples through the real ranking (nothing saved), and for
// platform admins the identification test bench over the labeled set shipped in the repository.

const percent = (share: number) => `${Math.round(share * 100)}%`;

function TestBench() {
  const catalog = useShingleCatalog();
  const [report, setReport] = useState<BenchReport | null>(null);
  return (
    <TitledSection id="bench-heading" title="Identification test bench (platform admins)">
      <Button
        type="button"
        className="w-full sm:w-auto"
        disabled={!catalog.data}
        onClick={() => catalog.data && setReport(runTestBench(catalog.data.entries.filter((entry) => entry.scope === 'catalog')))}
      >
        <FlaskConical aria-hidden="true" className="size-4" /> Run the test bench
      </Button>
      {catalog.isError && !catalog.data && <Alert>{errorText(catalog.error)}</Alert>}
      {report && (
        <>
          <Alert tone="info">{report.description}</Alert>
          <div className="overflow-x-auto">
            <Table aria-label="Accuracy by measuring noise">
              <TableHeader>
                <TableRow>
                  <TableHead>Noise</TableHead>
                  <TableHead>Samples</TableHead>
                  <TableHead>Top-1</TableHead>
                  <TableHead>Top-3</TableHead>
                  <TableHead>Same size first</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.levels.map((level) => (
                  <TableRow key={level.noise}>
                    <TableCell>{level.noise === 0 ? 'None' : `± ${formatInches(level.noise)} in`}</TableCell>
                    <TableCell>{level.samples}</TableCell>
                    <TableCell>{percent(level.top1)}</TableCell>
                    <TableCell>{percent(level.top3)}</TableCell>
                    <TableCell>{percent(level.sameSizeTop1)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <h3 className="text-base font-semibold text-slate-900">Lines sharing one size (confusion)</h3>
          <p className="text-sm text-slate-800">Measurements alone cannot separate these; top-1 is how often the true line came first with no noise.</p>
          <ul aria-label="Same-size groups" className="flex flex-col gap-2">
            {report.confusion.map((group) => (
              <li key={group.size}>
                <CardDiv className="text-sm">
                  <p className="font-semibold text-slate-900">
                    {group.size}: {group.lines.length} lines, top-1 {percent(group.top1)}
                  </p>
                  <p className="text-slate-800">{group.lines.join('; ')}</p>
                </CardDiv>
              </li>
            ))}
          </ul>
        </>
      )}
    </TitledSection>
  );
}

export default function ShingleAnalysisTestPage() {
  useDocumentTitle('Shingle Analysis Test');
  const me = useMe();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader title="Shingle Analysis Test">
        Try the analysis on sample measurements: each sample runs the real ranking and opens a results screen without saving.
      </PageHeader>
      <ul aria-label="Samples" className="grid gap-3 sm:grid-cols-2">
        {TRY_SAMPLES.map((sample) => (
          <li key={sample.key}>
            <CardDiv className="flex h-full flex-col gap-1">
              <Link className="text-base font-semibold text-blue-800 underline" to={paths.shingleSample(sample.key)}>
                {sample.title}
              </Link>
              <p className="text-sm text-slate-800">{sample.description}</p>
            </CardDiv>
          </li>
        ))}
      </ul>
      {me.data?.role === 'admin' && <TestBench />}
    </div>
  );
}
