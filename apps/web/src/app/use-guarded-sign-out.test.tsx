import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueuePhotos } from '../offline/upload-queue';
import { openUploadDb } from '../offline/upload-queue/db';
import { answer, json, sent } from '../test/fake-server';
import { renderWithSession } from '../test/render-with-session';
import { alice, answerSession, bob } from '../test/session-fakes';
import { useSession } from '../lib/session/session-provider';
import { useGuardedSignOut } from './use-guarded-sign-out';

const db = openUploadDb();
const SIGN_OUT = 'POST /api/auth/sign-out';

function SignOutButton() {
  const { requestSignOut, warning } = useGuardedSignOut();
  const { user } = useSession();
  return (
    <>
      <p>{user ? `signed in as ${user.email}` : 'loading'}</p>
      <button type="button" onClick={requestSignOut}>
        Sign Out
      </button>
      {warning}
    </>
  );
}

function renderApp() {
  renderWithSession(
    <Routes>
      <Route path="/projects" element={<SignOutButton />} />
      <Route path="/auth" element={<p>auth page</p>} />
    </Routes>,
    { url: '/projects' },
  );
}

const photo = (label: string) => ({
  file: new Blob([label], { type: 'image/jpeg' }),
  fileName: `${label}.jpg`,
  sessionId: '11111111-1111-4111-8111-111111111111',
  metadata: { category: 'roof' as const, subcategory: null, phase: null, photoType: null, notes: null, structureId: null, gpsCoords: null, timestamp: 1 },
});

// The dialog is a lazy chunk: loaded once here, so the first test does not wait on its transform.
beforeAll(async () => {
  await import('../features/uploads/sign-out-warning');
});

beforeEach(async () => {
  await db.photos.clear();
  await db.files.clear();
  answerSession(alice);
  answer(SIGN_OUT, json({ success: true }));
});

describe('signing out with photos still queued', () => {
  it('asks first, says how many wait and that they stay; Stay signed in keeps the session', async () => {
    await enqueuePhotos(alice.id, [photo('a'), photo('b')]);
    await enqueuePhotos(bob.id, [photo('c')]);
    renderApp();
    await screen.findByText(`signed in as ${alice.email}`);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));

    const dialog = await screen.findByRole('dialog', { name: 'Photos still waiting to upload' });
    expect(dialog).toHaveTextContent('2 photos are still waiting to upload.');
    expect(dialog).toHaveTextContent('They stay on this device and upload after you sign in again with this account.');
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(SIGN_OUT)).toHaveLength(0);
    expect(screen.getByText(`signed in as ${alice.email}`)).toBeInTheDocument();
  });

  it('Sign out anyway signs out and deletes nothing', async () => {
    await enqueuePhotos(alice.id, [photo('a')]);
    renderApp();
    await screen.findByText(`signed in as ${alice.email}`);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('1 photo is still waiting to upload.');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    await screen.findByText('auth page');
    expect(sent(SIGN_OUT)).toHaveLength(1);
    expect(await db.photos.count()).toBe(1);
    expect(await db.files.count()).toBe(1);
  });

  it('signs out at once when nothing of this user waits (completed photos and other users do not count)', async () => {
    const [done] = await enqueuePhotos(alice.id, [photo('a')]);
    await db.photos.update(done ?? '', { status: 'completed' });
    await enqueuePhotos(bob.id, [photo('b')]);
    renderApp();
    await screen.findByText(`signed in as ${alice.email}`);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByText('auth page');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent(SIGN_OUT)).toHaveLength(1);
  });
});
