import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@ridgeline/shared/contracts/photos';
import { notify } from '../../../lib/toast';
import { answer, json, noContent, sent, sentPaths } from '../../../test/fake-server';
import { renderWithSession } from '../../../test/render-with-session';
import { alice, answerSession } from '../../../test/session-fakes';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import { fakeMe } from '../../../test/claim-flow-fakes';
import { PhotoGallery } from './photo-gallery';
import { PHOTO_RIGHTS_TEXT } from './photo-lightbox';

vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SESSION_ID = '0b7d2a52-6a4c-4c39-9a43-3f0fb6d0c001';
const OTHER_SESSION = '0b7d2a52-6a4c-4c39-9a43-3f0fb6d0c002';
const PHOTO_ID = '5d9f3a1e-2b8c-4e1f-9a77-1c2d3e4f5a6b';
const LIST = `GET /api/inspections/${SESSION_ID}/photos`;

const photo = (patch: Partial<Photo> = {}): Photo => ({
  id: PHOTO_ID,
  sessionId: SESSION_ID,
  projectId: null,
  structureId: 'house',
  fileName: 'front.jpg',
  fileSize: 1000,
  mimeType: 'image/jpeg',
  sha256: 'a'.repeat(64),
  width: 400,
  height: 300,
  category: 'elevation',
  subcategory: 'front',
  phase: 'elevations',
  photoType: 'wide',
  notes: 'Siding dents',
  gpsCoordinates: '36.15,-95.99',
  gps: { lat: 36.15, lng: -95.99 },
  gpsSource: 'device',
  capturedAt: '2026-11-23T08:00:00Z',
  capturedAtSource: 'device',
  origin: null,
  deviceGps: null,
  metadataRead: true,
  flags: [],
  receivedAt: '2026-11-23T08:05:00Z',
  uploadedBy: { id: alice.id, name: 'Alice Roof' },
  filePath: 'x',
  url: '/files/original',
  thumbSmallUrl: '/files/small',
  thumbLargeUrl: '/files/large',
  annotation: { version: 1, shapes: [{ type: 'circle', id: 's1', cx: 0.5, cy: 0.5, rx: 0.1, ry: 0.1, color: '#ef4444', width: 0.006 }] },
  deletedAt: null,
  purgeAt: null,
  createdAt: '2026-11-23T08:05:00Z',
  updatedAt: '2026-11-23T08:05:00Z',
  ...patch,
});

beforeEach(() => vi.clearAllMocks());

function renderGallery(role: CompanyRole = 'owner') {
  answerSession(alice);
  answer('GET /api/me', json(fakeMe(role)));
  renderWithSession(<PhotoGallery source={{ kind: 'session', id: SESSION_ID }} />, {
    url: '/',
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
}

describe('photo gallery', { timeout: 30_000 }, () => {
  it('shows thumbnails with their drawing, filters by elevation, and opens a lightbox with GPS, time and uploader', async () => {
    const user = userEvent.setup();
    answer(LIST, json({ photos: [photo()] }));
    renderGallery();
    const tile = await screen.findByRole('button', { name: /Elevation · Front/ });
    expect(tile.querySelector('img')).toHaveAttribute('src', '/files/small');
    expect(within(tile).getByTestId('annotation-overlay').querySelector('ellipse')).toHaveAttribute('rx', '40');

    await user.selectOptions(screen.getByLabelText('Elevation'), 'rear');
    await waitFor(() => expect(sentPaths()).toContain(`${LIST}?category=elevation&subcategory=rear`));
    expect(screen.getByLabelText('Category')).toHaveValue('elevation');
    await user.selectOptions(screen.getByLabelText('Phase'), 'roof');
    await waitFor(() => expect(sentPaths()).toContain(`${LIST}?category=elevation&phase=roof&subcategory=rear`));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    await user.click(await screen.findByRole('button', { name: /Elevation · Front/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Elevation · Front' })).toHaveAttribute('src', '/files/large');
    expect(within(dialog).getByRole('link', { name: '36.15000, -95.99000' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Alice Roof');
    expect(dialog).toHaveTextContent('Siding dents');
    expect(within(dialog).getByRole('link', { name: /Annotate/ })).toHaveAttribute(
      'href',
      `/field-inspection/${SESSION_ID}/photo-annotation?photo=${PHOTO_ID}`,
    );
  });

  it('retags a photo with PATCH, empty choices clearing the tag', async () => {
    const user = userEvent.setup();
    answer(LIST, json({ photos: [photo()] }));
    answer(`PATCH /api/photos/${PHOTO_ID}`, json(photo({ category: 'damage', subcategory: 'hail' })));
    renderGallery();
    await user.click(await screen.findByRole('button', { name: /Elevation · Front/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Retag' }));
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'damage');
    await user.selectOptions(within(dialog).getByLabelText('Subcategory'), 'hail');
    await user.selectOptions(within(dialog).getByLabelText('Photo type'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    await waitFor(() => expect(sent(`PATCH /api/photos/${PHOTO_ID}`)).toHaveLength(1));
    expect(sent(`PATCH /api/photos/${PHOTO_ID}`)[0]?.body).toEqual({
      category: 'damage',
      subcategory: 'hail',
      phase: 'elevations',
      photoType: null,
      notes: 'Siding dents',
    });
    expect(notify.success).toHaveBeenCalledWith('Photo retagged', expect.any(String));
  });

  it('moves a photo to another session of the company', async () => {
    const user = userEvent.setup();
    answer(LIST, json({ photos: [photo()] }));
    const summary = {
      projectId: null,
      status: 'in_progress',
      inspector: null,
      city: null,
      state: null,
      zip: null,
      homeownerName: null,
      photoCount: 0,
      createdAt: '',
      updatedAt: '',
    };
    answer(
      'GET /api/inspections',
      json({
        sessions: [
          { ...summary, id: SESSION_ID, street: 'Here' },
          { ...summary, id: OTHER_SESSION, street: '9 Oak Ave' },
        ],
        total: 2,
      }),
    );
    answer(
      'GET /api/projects',
      json({ projects: [], total: 0, page: 1, pageSize: 100, activeFiles: { active: 0, limit: 10, plan: 'starter', planName: 'Starter', trialing: false } }),
    );
    answer(`POST /api/photos/${PHOTO_ID}/move`, json(photo({ sessionId: OTHER_SESSION })));
    renderGallery();
    await user.click(await screen.findByRole('button', { name: /Elevation · Front/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    const select = within(dialog).getByLabelText('Move to');
    await waitFor(() => expect(within(select).getByRole('option', { name: '9 Oak Ave' })).toBeInTheDocument());
    expect(within(select).queryByRole('option', { name: 'Here' })).toBeNull();
    await user.selectOptions(select, `session:${OTHER_SESSION}`);
    await user.click(within(dialog).getByRole('button', { name: 'Move photo' }));
    await waitFor(() => expect(sent(`POST /api/photos/${PHOTO_ID}/move`)[0]?.body).toEqual({ sessionId: OTHER_SESSION }));
  });

  it('deletes softly, and restores from Recently deleted', async () => {
    const user = userEvent.setup();
    answer(LIST, json({ photos: [photo()] }));
    answer(`DELETE /api/photos/${PHOTO_ID}`, noContent());
    renderGallery();
    await user.click(await screen.findByRole('button', { name: /Elevation · Front/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent(`DELETE /api/photos/${PHOTO_ID}`)).toHaveLength(1));
    expect(notify.success).toHaveBeenCalledWith('Photo deleted', 'You can restore it from Recently deleted for 30 days.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    answer(LIST, json({ photos: [photo({ deletedAt: '2026-11-23T09:00:00Z', purgeAt: '2026-12-23T09:00:00Z' })] }));
    answer(`POST /api/photos/${PHOTO_ID}/restore`, json(photo()));
    await user.click(screen.getByRole('tab', { name: 'Recently deleted' }));
    await user.click(await screen.findByRole('button', { name: /Restorable until/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deleted. Restorable until');
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Restore photo' }));
    await waitFor(() => expect(sent(`POST /api/photos/${PHOTO_ID}/restore`)).toHaveLength(1));
    expect(notify.success).toHaveBeenCalledWith('Photo restored', 'It is back in the gallery.');
  });

  it("offers a member Delete and Restore on the photos they took only, and says who can on a colleague's", async () => {
    const user = userEvent.setup();
    const colleagues = photo({ id: '5d9f3a1e-2b8c-4e1f-9a77-1c2d3e4f5a6c', subcategory: 'rear', uploadedBy: { id: 'u-bob', name: 'Bob Shingle' } });
    answer(LIST, json({ photos: [photo(), colleagues] }));
    renderGallery('member');
    await user.click(await screen.findByRole('button', { name: /Elevation · Rear/ }));
    const theirs = within(await screen.findByRole('dialog'));
    expect(await theirs.findByText(PHOTO_RIGHTS_TEXT)).toBeInTheDocument();
    expect(theirs.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(theirs.getByRole('button', { name: 'Retag' })).toBeInTheDocument();
    await user.click(theirs.getByRole('button', { name: 'Close' }));

    await user.click(await screen.findByRole('button', { name: /Elevation · Front/ }));
    const mine = within(await screen.findByRole('dialog'));
    expect(mine.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(mine.queryByText(PHOTO_RIGHTS_TEXT)).toBeNull();
  });
});
