import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportDetail, SaveReportInput } from '@ridgeline/shared/contracts/documents';
import { answer, answerWhenReleased, apiError, json, sent, sentPaths, type SentRequest } from '../../../test/fake-server';
import { fakePhoto, fakeReport, photoId, PROJECT_ID, REPORT_ID } from './editor-fakes';
import ReportEditorPage from './report-editor-page';

vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 8_000 };
const GET = `GET /api/reports/${REPORT_ID}` as const;
const PUT = `PUT /api/reports/${REPORT_ID}` as const;
const PHOTOS = `GET /api/projects/${PROJECT_ID}/photos` as const;

function renderEditor(id = REPORT_ID) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/advanced-photo-reports/${id}/edit`]}>
        <Routes>
          <Route path="/advanced-photo-reports/:id/edit" element={<ReportEditorPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The server's answer to a save: the document sent, at the next version. */
function savedFrom(request: SentRequest) {
  const body = request.body as SaveReportInput;
  return json({
    report: fakeReport({
      version: body.version + 1,
      title: body.title ?? 'Smith roof',
      document: body.document as ReportDetail['document'],
      updatedAt: '2026-11-23T10:15:00.000Z',
    }),
  });
}

function answerReads(report = fakeReport()) {
  answer(GET, json({ report }));
  answer(PHOTOS, json({ photos: [1, 2, 3, 4, 5, 6].map((n) => fakePhoto(n)) }));
}

const captions = (body: unknown) => (body as SaveReportInput).document.sections.map((s) => s.photos.map((p) => p.caption));

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
});

describe('report editor', { timeout: 30_000 }, () => {
  it('autosaves 1.5 s after the last change with the version it was loaded at, then with the saved one', async () => {
    answerReads();
    answer(PUT, savedFrom);
    renderEditor();
    const caption = await screen.findByLabelText('Caption of photo 1', undefined, SLOW);
    const user = userEvent.setup();
    await user.clear(caption);
    await user.type(caption, 'Front elevation');
    expect(screen.getByTestId('save-state')).toHaveTextContent('Unsaved changes');
    // Nothing is sent before the pause.
    expect(sent(PUT)).toHaveLength(0);
    await vi.waitFor(() => expect(sent(PUT)).toHaveLength(1), SLOW);
    expect((sent(PUT)[0]?.body as SaveReportInput).version).toBe(3);
    expect(captions(sent(PUT)[0]?.body)[0]).toEqual(['Front elevation', 'Caption 2', 'Caption 3']);
    await vi.waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent(/^Saved /), SLOW);

    await user.type(caption, '!');
    await vi.waitFor(() => expect(sent(PUT)).toHaveLength(2), SLOW);
    expect((sent(PUT)[1]?.body as SaveReportInput).version).toBe(4);
  });

  it('shows the refusal when someone saved in between, stops saving, and reloads the draft', async () => {
    answerReads();
    const message = 'Bob Shingle saved this draft at 10:42 after you opened it. Reload to see their changes.';
    answer(PUT, apiError('DRAFT_CHANGED', { message }));
    renderEditor();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Caption of photo 2', undefined, SLOW), ' more');
    const alert = await screen.findByRole('alert', undefined, SLOW);
    expect(alert).toHaveTextContent(message);
    expect(sent(PUT)).toHaveLength(1);

    // Later edits are not sent: the refused save is not retried over the other person's work.
    await user.type(screen.getByLabelText('Caption of photo 3'), ' again');
    await new Promise((done) => setTimeout(done, 2_000));
    expect(sent(PUT)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Render PDF' })).toBeDisabled();

    // Reload: the server's draft (Bob's version) opens and the kept edits are dropped.
    answer(GET, json({ report: fakeReport({ version: 4, title: 'Bob title' }) }));
    await user.click(within(alert).getByRole('button', { name: 'Reload draft' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Report title')).toHaveValue('Bob title'), SLOW);
    expect(screen.getByLabelText('Caption of photo 2')).toHaveValue('Caption 2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps edits not saved yet through a reload and saves them then', async () => {
    answerReads();
    // The page goes away before the save is answered: nothing reached the database.
    const held = answerWhenReleased(PUT);
    const first = renderEditor();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Caption of photo 4', undefined, SLOW), ' (kept)');
    first.unmount();

    renderEditor();
    expect(await screen.findByLabelText('Caption of photo 4', undefined, SLOW)).toHaveValue('Caption 4 (kept)');
    await vi.waitFor(() => expect(sent(PUT)).toHaveLength(2), SLOW);
    for (const request of sent(PUT)) {
      expect((request.body as SaveReportInput).version).toBe(3);
      expect(captions(request.body)[1]).toEqual(['Caption 4 (kept)', 'Caption 5']);
    }
    const body = sent(PUT)[1]?.body as SaveReportInput;
    held.release(json({ report: fakeReport({ version: 4, document: body.document as ReportDetail['document'], updatedAt: '2026-11-23T10:15:00.000Z' }) }));
    await vi.waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent(/^Saved /), SLOW);
    expect(sessionStorage.length).toBe(0);
  });

  it('leaving the editor saves what is pending at once', async () => {
    answerReads();
    answer(PUT, savedFrom);
    const page = renderEditor();
    await userEvent.setup().type(await screen.findByLabelText('Caption of photo 5', undefined, SLOW), '!');
    expect(sent(PUT)).toHaveLength(0);
    page.unmount();
    await vi.waitFor(() => expect(sent(PUT)).toHaveLength(1), SLOW);
    expect(captions(sent(PUT)[0]?.body)[1]).toEqual(['Caption 4', 'Caption 5!']);
  });

  it('changing a section layout changes the page count of the preview', async () => {
    answerReads();
    answer(PUT, savedFrom);
    renderEditor();
    // Cover, Front 3 photos at 2 a page (2 pages), Roof 2 at 2 (1 page), the appendix: 5 pages.
    await vi.waitFor(() => expect(screen.getByTestId('page-count')).toHaveTextContent('5 pages'), SLOW);
    const front = screen.getByRole('listitem', { name: 'Section Front' });
    fireEvent.change(within(front).getByLabelText('Photos per page'), { target: { value: '1' } });
    expect(screen.getByTestId('page-count')).toHaveTextContent('6 pages');
    fireEvent.change(within(front).getByLabelText('Photos per page'), { target: { value: '6' } });
    expect(screen.getByTestId('page-count')).toHaveTextContent('4 pages');
    expect(within(screen.getByRole('list', { name: 'Pages' })).getAllByRole('listitem')).toHaveLength(4);
    await vi.waitFor(() => expect(sent(PUT)).toHaveLength(1), SLOW);
    expect((sent(PUT)[0]?.body as SaveReportInput).document.sections[0]?.layout).toBe(6);
  });

  it('hides the metadata lines in the preview when metadata is turned off', async () => {
    answerReads();
    answer(PUT, savedFrom);
    renderEditor();
    await vi.waitFor(() => expect(screen.getAllByTestId('preview-metadata').length).toBeGreaterThan(0), SLOW);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Show metadata' }));
    expect(screen.queryAllByTestId('preview-metadata')).toHaveLength(0);
    await vi.waitFor(() => expect(sent(PUT)).toHaveLength(1), SLOW);
    expect((sent(PUT)[0]?.body as SaveReportInput).document.showMetadata).toBe(false);
  });

  it('moves a photo down with its button, across into the next section at the end of its own', async () => {
    answerReads();
    answer(PUT, savedFrom);
    renderEditor();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move photo Caption 1 down' }, SLOW));
    await user.click(screen.getByRole('button', { name: 'Move photo Caption 3 down' }));
    await vi.waitFor(() => expect(sent(PUT)).toHaveLength(1), SLOW);
    expect(captions(sent(PUT)[0]?.body)).toEqual([
      ['Caption 2', 'Caption 1'],
      ['Caption 3', 'Caption 4', 'Caption 5'],
    ]);
  });

  it('adds photos of the source not in the report to the chosen section, and adds and removes sections', async () => {
    answerReads();
    answer(PUT, savedFrom);
    renderEditor();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add photos' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    // Only photo 6 is not placed yet.
    await vi.waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1));
    await user.click(within(dialog).getByRole('checkbox'));
    await user.selectOptions(within(dialog).getByLabelText('Add to section'), 'Roof');
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 photo' }));
    await user.click(screen.getByRole('button', { name: 'Remove section Front' }));
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await vi.waitFor(() => expect(sent(PUT)).toHaveLength(1), SLOW);
    const body = sent(PUT)[0]?.body as SaveReportInput;
    expect(body.document.sections.map((s) => s.title)).toEqual(['Roof', 'New section']);
    expect(body.document.sections[0]?.photos.map((p) => p.photoId)).toEqual([photoId(4), photoId(5), photoId(6)]);
  });

  it('renders: the percent while rendering, then Download', async () => {
    answerReads();
    answer(`POST /api/reports/${REPORT_ID}/render`, json({ report: fakeReport({ status: 'queued', progress: 0 }) }));
    answer(GET, [
      json({ report: fakeReport() }),
      json({ report: fakeReport({ status: 'rendering', progress: 40 }) }),
      json({ report: fakeReport({ status: 'ready', progress: 100, pageCount: 5 }) }),
    ]);
    renderEditor();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Render PDF' }, SLOW));
    await screen.findByText('Rendering… 40%', undefined, SLOW);
    const download = await screen.findByRole('link', { name: 'Download' }, SLOW);
    expect(download).toHaveAttribute('href', `/api/reports/${REPORT_ID}/file`);
    expect(sent(PUT)).toHaveLength(0);
  });

  it('missing required photos: the render asks for a reason and sends it', async () => {
    answerReads();
    const RENDER = `POST /api/reports/${REPORT_ID}/render` as const;
    answer(RENDER, [apiError('SHOT_LIST_INCOMPLETE'), json({ report: fakeReport({ status: 'queued' }) })]);
    // Ready once the render with the reason was accepted.
    answer(GET, () => json({ report: sent(RENDER).length >= 2 ? fakeReport({ status: 'ready', progress: 100 }) : fakeReport() }));
    renderEditor();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Render PDF' }, SLOW));
    await user.type(await screen.findByLabelText('Why make the report without them?', undefined, SLOW), 'Roof too steep for the rear slope');
    await user.click(screen.getByRole('button', { name: 'Render with this reason' }));
    await screen.findByRole('link', { name: 'Download' }, SLOW);
    expect(sent(RENDER).map((r) => r.body)).toEqual([{}, { overrideReason: 'Roof too steep for the rear slope' }]);
  });

  it('a failed render says why', async () => {
    answerReads(fakeReport({ status: 'failed', error: 'Photo 3 could not be read.' }));
    renderEditor();
    expect(await screen.findByText('The PDF could not be made: Photo 3 could not be read.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Render again' })).toBeEnabled();
  });

  it('an id that is not a UUID shows Report not found and asks nothing', async () => {
    renderEditor('1');
    expect(screen.getByRole('heading', { level: 1, name: 'Report not found' })).toBeInTheDocument();
    await new Promise((done) => setTimeout(done, 50));
    expect(sentPaths()).toEqual([]);
  });

  it('a report the API does not find shows Report not found', async () => {
    answer(GET, apiError('NOT_FOUND'));
    answer(PHOTOS, json({ photos: [] }));
    renderEditor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Report not found' }, SLOW)).toBeInTheDocument();
  });
});

// Keyboard drag and drop needs the items' places on screen, which jsdom does not lay out: each
// section and photo is given a box from its place in the page (sections stacked, photos in a column).
describe('report editor, keyboard drag and drop', { timeout: 30_000 }, () => {
  const original = Element.prototype.getBoundingClientRect;
  beforeEach(() => {
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const box = (top: number, height: number) =>
        ({ x: 0, y: top, top, left: 0, width: 300, height, right: 300, bottom: top + height, toJSON: () => ({}) }) as DOMRect;
      const tile = this.closest('[data-testid="report-photo"]');
      if (tile === this) {
        const all = [...document.querySelectorAll('[data-testid="report-photo"]')];
        return box(100 + all.indexOf(this) * 200, 180);
      }
      if (this.getAttribute('data-testid') === 'report-section') {
        const all = [...document.querySelectorAll('[data-testid="report-section"]')];
        return box(all.indexOf(this) * 2000, 1900);
      }
      return original.call(this);
    };
  });
  afterEach(() => {
    Element.prototype.getBoundingClientRect = original;
  });

  /** Opens the editor, picks up the named handle with Space, moves it one step with `arrow`, drops it with Space, and waits for the save. */
  async function dragWithKeyboard(handleName: string, arrow: 'ArrowDown' | 'ArrowUp') {
    answerReads();
    answer(PUT, savedFrom);
    renderEditor();
    const handle = await screen.findByRole('button', { name: handleName }, SLOW);
    act(() => handle.focus());
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await act(async () => new Promise((done) => setTimeout(done, 50)));
    fireEvent.keyDown(document.activeElement ?? handle, { code: arrow, key: arrow });
    await act(async () => new Promise((done) => setTimeout(done, 50)));
    fireEvent.keyDown(document.activeElement ?? handle, { code: 'Space', key: ' ' });
    await vi.waitFor(() => expect(sent(PUT)).toHaveLength(1), SLOW);
  }

  it('picks a photo up with Space, moves it down with the arrow key, drops it with Space: the new order is saved', async () => {
    await dragWithKeyboard('Move photo Caption 1', 'ArrowDown');
    expect(captions(sent(PUT)[0]?.body)[0]).toEqual(['Caption 2', 'Caption 1', 'Caption 3']);
    // The move was announced to screen readers.
    expect(document.body.textContent).toContain('Dropped photo Caption 1 at position 2 of 3 in section Front.');
  });

  it('moves a photo into the next section with the keyboard', async () => {
    await dragWithKeyboard('Move photo Caption 3', 'ArrowDown');
    expect(captions(sent(PUT)[0]?.body)).toEqual([
      ['Caption 1', 'Caption 2'],
      ['Caption 3', 'Caption 4', 'Caption 5'],
    ]);
  });

  it('moves a section up with the keyboard: the sections are saved in the new order', async () => {
    await dragWithKeyboard('Move section Roof', 'ArrowUp');
    expect((sent(PUT)[0]?.body as SaveReportInput).document.sections.map((s) => s.title)).toEqual(['Roof', 'Front']);
  });
});
