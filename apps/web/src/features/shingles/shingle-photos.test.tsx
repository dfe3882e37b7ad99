import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { QueuedPhotoView } from '../../offline/upload-queue';
import { IdentificationPhotos } from './shingle-photos';

// A saved identification's photos still on the phone say truly where they are: failed with the
// server's reason (once), or waiting, with the server's words when it asked the queue to wait.

const queue: { queued: QueuedPhotoView[] } = { queued: [] };
vi.mock('../../offline/upload-queue', () => ({
  useQueuedPhotos: () => queue.queued,
  useQueuedPhotoPreview: () => null,
}));

const ID = '0b7d2a52-6a4c-4c39-9a43-3f0fb6d0c0a1';

function queued(id: string, status: QueuedPhotoView['status'], extra: Partial<QueuedPhotoView> = {}): QueuedPhotoView {
  return {
    id,
    sessionId: ID,
    status,
    progress: 0,
    retryCount: 0,
    error: null,
    metadata: { category: 'other', subcategory: null, phase: null, photoType: null, notes: null, structureId: null, gpsCoords: null, timestamp: 1 },
    mimeType: 'image/jpeg',
    sha256: id.padEnd(64, '0'),
    storedId: null,
    shingle: { kind: 'face' },
    ...extra,
  };
}

describe('the photos of a saved identification on this device', () => {
  it("say a failure's reason once, and a wait the server asked for in its words", () => {
    const full = "Your company's storage is full: it keeps at most 500 GB of files and photos. Delete what it no longer needs to make room for this upload.";
    const hour = 'Your uploads this hour have reached the limit of 5 GB per person. Uploads can continue in 20 minutes.';
    queue.queued = [
      queued('failed-1', 'failed', { error: `Failed to upload photo: ${full}` }),
      queued('waiting-1', 'pending', { waitReason: hour }),
      queued('waiting-2', 'pending'),
    ];
    render(<IdentificationPhotos identificationId={ID} stored={[]} onUploaded={() => undefined} />);
    expect(screen.getByText(`Failed to upload photo: ${full}`)).toBeInTheDocument();
    expect(screen.queryByText(/Failed to upload photo: Failed to upload photo/)).toBeNull();
    expect(screen.getByText(`On this device, waiting to upload: ${hour}`)).toBeInTheDocument();
    expect(screen.getByText('On this device, waiting to upload')).toBeInTheDocument();
  });
});
