import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadStatus } from '@ridgeline/shared/domain/upload-queue';
import { notify } from '../../lib/toast';
import { openUploadDb } from '../../offline/upload-queue/db';
import { uploadQueueUser } from '../../offline/upload-queue/presence';
import type { QueuedPhotoRecord } from '../../offline/upload-queue/types';
import { controlBrowserOnline, renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import { useUploadSummary } from '../../offline/upload-queue';
import UploadPanel, { isUploadPanelHidden } from './upload-panel';

/** Shows what the queue's hook has read, so a test knows the panel has had its data. */
function QueueProbe() {
  const summary = useUploadSummary();
  return <p>queue total {summary.total}</p>;
}

// The panel over the real queue database (fake-indexeddb) and the real session: photos are put in
// the queue's tables directly, in the states each test needs.

const db = openUploadDb();
const browser = controlBrowserOnline();
const SESSION = '11111111-1111-4111-8111-111111111111';

let counter = 0;
async function put(status: UploadStatus, userId = alice.id): Promise<string> {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  const record: QueuedPhotoRecord = {
    id,
    userId,
    sessionId: SESSION,
    mimeType: 'image/jpeg',
    fileName: `p${counter}.jpg`,
    sha256: 'a'.repeat(64),
    priority: 1,
    status,
    progress: status === 'completed' ? 100 : 0,
    retryCount: status === 'failed' ? 3 : 0,
    lastAttempt: null,
    retryAt: 0,
    uploadedPath: null,
    completedAt: status === 'completed' ? Date.now() : null,
    error: status === 'failed' ? 'Failed to upload photo: Storage is busy' : null,
    metadata: {
      category: 'roof',
      subcategory: null,
      phase: 'roof',
      photoType: null,
      notes: null,
      structureId: null,
      gpsCoords: null,
      timestamp: 1_700_000_000_000 + counter,
    },
    createdAt: Date.now(),
  };
  await db.files.put({ id, bytes: new Uint8Array([1]).buffer, mimeType: 'image/jpeg' });
  await db.photos.put(record);
  return id;
}

beforeEach(async () => {
  await db.photos.clear();
  await db.files.clear();
  answerSession(alice);
  // The shell sets the signed-in user whose queue the panel shows.
  uploadQueueUser.set(alice.id);
});

afterEach(() => {
  vi.useRealTimers();
});

const panel = () => screen.queryByTestId('upload-panel');

describe('the upload panel', () => {
  it('shows the counts, the percent bar, the badges and the actions with the exact words', async () => {
    await put('completed');
    await put('uploading');
    await put('pending');
    await put('failed');
    await put('pending', 'someone-else');
    renderWithSession(<UploadPanel />, { url: '/projects' });

    expect(await screen.findByRole('heading', { name: 'Photo Uploads' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 of 4 uploaded (1 uploading...)');
    expect(screen.getByRole('progressbar', { name: 'Photos uploaded' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('1 uploading')).toBeInTheDocument();
    expect(screen.getByText('1 pending')).toBeInTheDocument();
    expect(screen.getByText('1 done')).toBeInTheDocument();
    expect(screen.getByText('1 failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry Failed (1)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Clear Completed (1)' })).toBeEnabled();
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
    expect(screen.queryByText('Uploads will resume when online')).not.toBeInTheDocument();
    // Failures make the border red.
    expect(panel()).toHaveClass('border-red-600');
  });

  it('titles itself with a count when given one, and is blue while uploading with no failures', async () => {
    await put('uploading');
    await put('pending');
    renderWithSession(<UploadPanel count={12} />, { url: '/projects' });
    expect(await screen.findByRole('heading', { name: '12 Photos' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 2 uploaded (1 uploading...)');
    expect(panel()).toHaveClass('border-blue-600');
    expect(panel()).not.toHaveClass('border-red-600');
  });

  it('offline: the Offline badge, Retry Failed disabled, and the resume note', async () => {
    browser.online = false;
    await put('failed');
    await put('pending');
    renderWithSession(<UploadPanel />, { url: '/projects' });
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry Failed (1)' })).toBeDisabled();
    expect(screen.getByText('Uploads will resume when online')).toBeInTheDocument();
  });

  it('Retry Failed puts failed photos back to pending with its toast', async () => {
    const info = vi.spyOn(notify, 'info');
    const id = await put('failed');
    renderWithSession(<UploadPanel />, { url: '/projects' });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry Failed (1)' }));
    expect(info).toHaveBeenCalledWith('Retrying failed uploads...');
    await waitFor(async () => expect(await db.photos.get(id)).toMatchObject({ status: 'pending', retryCount: 0, error: null }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Retry Failed/ })).not.toBeInTheDocument());
    expect(screen.getByText('1 pending')).toBeInTheDocument();
  });

  it('Clear Completed removes the completed photos with its toast', async () => {
    const success = vi.spyOn(notify, 'success');
    const done = await put('completed');
    const waiting = await put('pending');
    renderWithSession(<UploadPanel />, { url: '/projects' });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Completed (1)' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Cleared completed uploads'));
    expect(await db.photos.get(done)).toBeUndefined();
    expect(await db.photos.get(waiting)).toBeDefined();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('0 of 1 uploaded'));
  });

  it('collapses and expands its actions, and closes', async () => {
    await put('failed');
    renderWithSession(<UploadPanel />, { url: '/projects' });
    const collapse = await screen.findByRole('button', { name: 'Collapse photo uploads' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(collapse);
    expect(screen.queryByRole('button', { name: 'Retry Failed (1)' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Expand photo uploads' }));
    expect(screen.getByRole('button', { name: 'Retry Failed (1)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close photo uploads' }));
    expect(panel()).not.toBeInTheDocument();
    // More photos queued bring it back.
    await act(async () => {
      await put('pending');
    });
    await waitFor(() => expect(panel()).toBeInTheDocument());
  });

  it('when all are completed with none failed, hides after 2 s with the success toast', async () => {
    const success = vi.spyOn(notify, 'success');
    const id = await put('uploading');
    renderWithSession(<UploadPanel />, { url: '/projects' });
    await screen.findByText('0 of 1 uploaded (1 uploading...)');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      await db.photos.update(id, { status: 'completed', progress: 100 });
    });
    // IndexedDB answers on setImmediate; the clock does not move.
    for (let i = 0; i < 200 && !screen.getByRole('status').textContent?.includes('1 of 1 uploaded'); i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
        await new Promise<void>((resolve) => setImmediate(resolve));
      });
    }
    expect(screen.getByRole('status')).toHaveTextContent('1 of 1 uploaded');
    expect(screen.getByRole('progressbar', { name: 'Photos uploaded' })).toHaveAttribute('aria-valuenow', '100');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(panel()).toBeInTheDocument();
    expect(success).not.toHaveBeenCalledWith('All uploads completed successfully!');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(panel()).not.toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('All uploads completed successfully!');
  });

  it('a queue that was already all done when the page opened is not shown or announced', async () => {
    const success = vi.spyOn(notify, 'success');
    await put('completed');
    renderWithSession(
      <>
        <UploadPanel />
        <QueueProbe />
      </>,
      { url: '/projects' },
    );
    // The session resolves and the queue is read, and still nothing.
    await screen.findByText('queue total 1');
    expect(panel()).not.toBeInTheDocument();
    expect(success).not.toHaveBeenCalled();
  });

  it.each(['/', '/dashboard', '/field-inspection', '/field-inspection/new', `/field-inspection/${SESSION}/roof`])('is hidden on %s', async (url) => {
    await put('pending');
    renderWithSession(
      <>
        <UploadPanel />
        <QueueProbe />
      </>,
      { url },
    );
    await screen.findByText('queue total 1');
    expect(panel()).not.toBeInTheDocument();
  });

  it('is shown on the inspections list (not under /field-inspection/)', async () => {
    await put('pending');
    renderWithSession(<UploadPanel />, { url: '/field-inspections' });
    expect(await screen.findByTestId('upload-panel')).toBeInTheDocument();
    expect(isUploadPanelHidden('/field-inspections')).toBe(false);
    expect(isUploadPanelHidden('/field-inspection/x/areas')).toBe(true);
  });
});
