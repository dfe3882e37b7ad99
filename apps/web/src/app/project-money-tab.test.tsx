import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClaimLedger } from '@ridgeline/shared/contracts/ledger';
import { reconcileLedger } from '@ridgeline/shared/domain/ledger';
import { notify } from '../lib/toast';
import { answer, apiError, json, sent } from '../test/fake-server';
import { renderWithSession } from '../test/render-with-session';
import { alice, answerSession } from '../test/session-fakes';
import { ProjectMoneyTab } from './project-money-tab';

vi.mock('../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const PROJECT_ID = '66666666-6666-4666-8666-666666666666';
const PAID_ID = '77777777-7777-4777-8777-777777777777';
const START = { figuresFrom: 'estimate' as const, rcvCents: 1_000_000, acvCents: 1_000_000, depreciationCents: 0, deductibleCents: 0 };

const ledger = (suggested: boolean): ClaimLedger => ({
  entries: [],
  summary: reconcileLedger([], START),
  suggestedStatuses: suggested ? [{ statusId: PAID_ID, key: 'paid', name: 'Paid' }] : [],
  statusDisagreements: [],
  canWrite: true,
});

beforeEach(() => vi.clearAllMocks());

function renderTab() {
  answerSession(alice);
  renderWithSession(<ProjectMoneyTab projectId={PROJECT_ID} />, {
    url: `/projects/${PROJECT_ID}?tab=money`,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
}

describe('the claim file Money tab', () => {
  it('asks to move the claim file to a suggested status only when pressed, says a refusal, and reads the ledger again', async () => {
    answer(`GET /api/projects/${PROJECT_ID}/ledger`, [json(ledger(true)), json(ledger(false))]);
    answer(`POST /api/projects/${PROJECT_ID}/status`, apiError('ACTIVE_FILE_LIMIT'));
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move to Paid' }));
    await waitFor(() => expect(sent(`POST /api/projects/${PROJECT_ID}/status`)[0]?.body).toEqual({ statusId: PAID_ID }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The status did not change', expect.any(String)));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Move to Paid' })).not.toBeInTheDocument());
    expect(sent(`GET /api/projects/${PROJECT_ID}/ledger`)).toHaveLength(2);
  });
});
