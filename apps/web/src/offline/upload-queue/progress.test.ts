import { describe, expect, it } from 'vitest';
import { createUploadProgress, progressSelector, withProgress, type ProgressChannel, type ProgressMessage } from './progress';
import { metadata, SESSION_A } from './test-helpers';
import type { QueuedPhotoView } from './types';

/** Two tabs' channels joined to each other, as a BroadcastChannel joins the device's tabs. */
function joinedChannels(): [ProgressChannel, ProgressChannel, ProgressMessage[]] {
  const listeners: [((message: unknown) => void)[], ((message: unknown) => void)[]] = [[], []];
  const posted: ProgressMessage[] = [];
  const side = (mine: 0 | 1): ProgressChannel => ({
    post: (message) => {
      posted.push(message);
      for (const listener of listeners[mine === 0 ? 1 : 0]) listener(message);
    },
    listen: (listener) => void listeners[mine].push(listener),
  });
  return [side(0), side(1), posted];
}

function view(id: string, status: QueuedPhotoView['status'], progress = 0): QueuedPhotoView {
  return {
    id,
    sessionId: SESSION_A,
    status,
    progress,
    retryCount: 0,
    error: null,
    waitReason: null,
    metadata: metadata(),
    mimeType: 'image/jpeg',
    sha256: 'a'.repeat(64),
    storedId: null,
    shingle: null,
  };
}

describe('upload progress in memory', () => {
  it('keeps each upload’s percent and tells its listeners of each change, not of the same percent twice', () => {
    const progress = createUploadProgress();
    let changes = 0;
    const unsubscribe = progress.subscribe(() => (changes += 1));
    progress.set('a', 10);
    progress.set('a', 10);
    progress.set('b', 35);
    expect([progress.get('a'), progress.get('b'), changes]).toEqual([10, 35, 2]);
    progress.clear('a');
    progress.clear('a');
    expect([progress.get('a'), changes]).toEqual([undefined, 3]);
    unsubscribe();
    progress.set('b', 40);
    expect(changes).toBe(3);
  });

  it('shares the sending tab’s steps with the device’s other tabs, which ignore anything else', () => {
    const [senderChannel, otherChannel, posted] = joinedChannels();
    const sender = createUploadProgress(senderChannel);
    const other = createUploadProgress(otherChannel);
    let heard = 0;
    other.subscribe(() => (heard += 1));
    sender.set('a', 55);
    expect(other.get('a')).toBe(55);
    sender.clear('a');
    expect(other.get('a')).toBeUndefined();
    expect(posted).toEqual([
      { id: 'a', percent: 55 },
      { id: 'a', percent: null },
    ]);
    expect(heard).toBe(2);
    senderChannel.post({ id: 'b', percent: Number.NaN });
    senderChannel.post({ id: 7, percent: 10 } as unknown as ProgressMessage);
    expect([other.get('b'), heard]).toEqual([undefined, 2]);
  });

  it('merges the percent into the uploading views only, and answers the same list while nothing it shows changed', () => {
    const progress = createUploadProgress();
    const views = [view('a', 'uploading'), view('b', 'pending'), view('c', 'completed', 100)];
    expect(withProgress(views, progress)).toBe(views);
    progress.set('a', 20);
    progress.set('b', 90);
    const merged = withProgress(views, progress);
    expect(merged.map((v) => v.progress)).toEqual([20, 0, 100]);
    expect(merged[1]).toBe(views[1]);

    const select = progressSelector();
    const first = select(views, progress);
    expect(first.map((v) => v.progress)).toEqual([20, 0, 100]);
    // Another photo's step (here one not in the list) changes nothing shown.
    progress.set('elsewhere', 50);
    expect(select(views, progress)).toBe(first);
    progress.set('a', 25);
    const next = select(views, progress);
    expect(next).not.toBe(first);
    expect(next[0]?.progress).toBe(25);
  });
});
