import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/toast';
import { answer, json } from '../../test/fake-server';
import { DocumentWatcher } from './document-watcher';
import { fakeDetail, REPORT_ID } from './report-fakes';
import { resetWatchedDocuments, watchDocument } from './watched-documents';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

afterEach(() => {
  resetWatchedDocuments();
  vi.clearAllMocks();
});

describe('DocumentWatcher', { timeout: 60_000 }, () => {
  it('tells the user once that a watched document is ready, even with two watchers mounted, and then stops reading it', async () => {
    answer('GET /api/reports/:id', [json({ report: fakeDetail({ status: 'rendering', progress: 50 }) }), json({ report: fakeDetail({ status: 'ready' }) })]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DocumentWatcher />
        <DocumentWatcher />
      </QueryClientProvider>,
    );
    act(() => watchDocument(REPORT_ID));
    await waitFor(
      () =>
        expect(notify.success).toHaveBeenCalledWith(
          'Photo report: 12 Oak St is ready',
          expect.stringMatching(/pages, also in your inbox\.$/),
          expect.objectContaining({ label: 'Download' }),
        ),
      { timeout: 8_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(notify.success).toHaveBeenCalledTimes(1);
    // The toast's Download opens the PDF itself.
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.mocked(notify.success).mock.calls[0]?.[2]?.onClick();
    const link = clicks.mock.contexts[0] as HTMLAnchorElement | undefined;
    expect(link && new URL(link.href).pathname).toBe(`/api/reports/${REPORT_ID}/file`);
    expect(link?.hasAttribute('download')).toBe(true);
    expect(notify.error).not.toHaveBeenCalled();
  });
});
