import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EstimateLine } from '@ridgeline/shared/contracts/estimating';
import { answer, json, sent } from '../../test/fake-server';
import { fakeEstimate } from '../../test/estimating-fakes';
import { ProjectEstimates } from './project-estimates';

/** The first answers and screens can take a few seconds on a busy machine. */
const SLOW = { timeout: 8_000 };

const PROJECT_ID = '00000000-0000-4000-8000-0000000000a1';

function renderTab() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ProjectEstimates projectId={PROJECT_ID} />
    </QueryClientProvider>,
  );
}

describe('ProjectEstimates', () => {
  it('lists every version newest first, read-only, with totals and the saved supplement list', async () => {
    const line: EstimateLine = {
      id: 'l1',
      code: 'starter',
      description: 'Starter',
      quantity: 140,
      unit: 'LF',
      unitPriceCents: 225,
      depreciationBp: 0,
      source: 'formula',
      basis: 'Eave 80 LF + rake 60 LF',
      photoIds: [],
    };
    answer(
      'GET /api/estimates',
      json({
        estimates: [
          fakeEstimate({
            id: '00000000-0000-4000-8000-0000000000d2',
            version: 2,
            projectId: PROJECT_ID,
            lines: [line],
            opEnabled: true,
            carrierScope: [{ description: 'Shingles', quantity: 20, unit: 'SQ', unitPriceCents: 0 }],
          }),
          fakeEstimate({ version: 1, isLatest: false, projectId: PROJECT_ID, lines: [line] }),
        ],
      }),
    );
    renderTab();
    const headings = await screen.findAllByRole('heading', { level: 3, name: /Version/ }, SLOW);
    expect(headings.map((h) => h.textContent)).toEqual(['Version 2Latest', 'Version 1Read-only']);
    expect(sent('GET /api/estimates')[0]?.url.searchParams.get('projectId')).toBe(PROJECT_ID);
    // 140 LF x $2.25 = $315.00; O&P $31.50 + $31.50 -> RCV $378.00, no depreciation: ACV the same.
    expect(within(screen.getByLabelText('Totals of version 2')).getAllByText('$378.00')).toHaveLength(2);
    const request = screen.getByRole('region', { name: 'Supplement request' });
    expect(within(request).getByText('Supported by: Eave 80 LF + rake 60 LF')).toBeInTheDocument();
    expect(within(request).getByRole('button', { name: 'Print supplement' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });

  it('says when the project has no estimate yet', async () => {
    answer('GET /api/estimates', json({ estimates: [] }));
    renderTab();
    expect(await screen.findByText('No estimate yet', {}, SLOW)).toBeInTheDocument();
  });
});
