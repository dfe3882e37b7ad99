import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RealtimeListener } from '../lib/realtime/realtime-client';
import { PHOTO_REFRESH_DEBOUNCE_MS } from '../lib/realtime/use-live-photo-thumbnails';
import { answer, json, sent } from '../test/fake-server';
import { usePhotos } from '../features/inspections/api/photo-list';
import { useProjectPhotos } from '../features/proposals/api/project-photos';
import { useSourcePhotos } from '../features/reports/api/source-photos';
import { useProject } from '../features/projects/api/project';
import LiveUpdates from './live-updates';

// The screens that list photos (a session's gallery and the claim file's Photos tab, a proposal's
// photos, a report's source photos) read them again when the server says a photo's thumbnails are
// stored: those naming the photo's claim file or session, once per burst, and no others.

const realtime = vi.hoisted(() => ({ listeners: new Set<(event: unknown) => void>() }));
vi.mock('../lib/realtime/realtime-client', () => ({
  subscribeRealtime: (listener: RealtimeListener) => {
    realtime.listeners.add(listener as (event: unknown) => void);
    return () => realtime.listeners.delete(listener as (event: unknown) => void);
  },
}));

const PROJECT = '11111111-1111-4111-8111-111111111111';
const SESSION = '22222222-2222-4222-8222-222222222222';
const OTHER_SESSION = '33333333-3333-4333-8333-333333333333';
const PHOTO = '44444444-4444-4444-8444-444444444444';

function Screens() {
  usePhotos({ kind: 'session', id: SESSION });
  usePhotos({ kind: 'project', id: PROJECT });
  usePhotos({ kind: 'session', id: OTHER_SESSION });
  useProjectPhotos(PROJECT, true);
  useSourcePhotos({ projectId: null, sessionId: SESSION });
  return <LiveUpdates />;
}

const paths = {
  session: `GET /api/inspections/${SESSION}/photos`,
  project: `GET /api/projects/${PROJECT}/photos`,
  other: `GET /api/inspections/${OTHER_SESSION}/photos`,
} as const;

function emit(event: unknown) {
  for (const listener of realtime.listeners) listener(event);
}

describe('photo lists and the realtime photo-thumbnails event', () => {
  it("reads again, once per burst, every list naming the photo's claim file or session, and leaves the others", async () => {
    for (const path of Object.values(paths)) answer(path, json({ photos: [] }));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Screens />
      </QueryClientProvider>,
    );
    // The session's gallery and the report's source photos are one read (one queryOptions, one key); the claim file's tab and the proposal's another.
    await waitFor(() => expect(sent(paths.session)).toHaveLength(1));
    await waitFor(() => expect(sent(paths.project)).toHaveLength(1));
    await waitFor(() => expect(sent(paths.other)).toHaveLength(1));
    // The photos' listener and the claim files' one.
    expect(realtime.listeners.size).toBe(2);

    act(() => {
      emit({ type: 'ready' });
      emit({ type: 'photo-thumbnails', photoId: PHOTO, projectId: PROJECT, sessionId: SESSION });
      emit({ type: 'photo-thumbnails', photoId: PHOTO, projectId: PROJECT, sessionId: SESSION });
    });
    await new Promise((resolve) => setTimeout(resolve, PHOTO_REFRESH_DEBOUNCE_MS + 100));
    await waitFor(() => expect(sent(paths.session)).toHaveLength(2));
    await waitFor(() => expect(sent(paths.project)).toHaveLength(2));
    expect(sent(paths.other)).toHaveLength(1);
  });
});

const OTHER_PROJECT = '55555555-5555-4555-8555-555555555555';

function ClaimFileScreens() {
  useProject(PROJECT);
  useProject(OTHER_PROJECT);
  return <LiveUpdates />;
}

describe('a claim file the server moved forward (the realtime claim-file-status event)', () => {
  it('reads that claim file again, and leaves the others', async () => {
    answer(`GET /api/projects/${PROJECT}`, json({ id: PROJECT }));
    answer(`GET /api/projects/${OTHER_PROJECT}`, json({ id: OTHER_PROJECT }));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ClaimFileScreens />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(sent(`GET /api/projects/${PROJECT}`)).toHaveLength(1));
    await waitFor(() => expect(realtime.listeners.size).toBe(2));
    act(() => emit({ type: 'claim-file-status', projectId: PROJECT }));
    await waitFor(() => expect(sent(`GET /api/projects/${PROJECT}`)).toHaveLength(2));
    expect(sent(`GET /api/projects/${OTHER_PROJECT}`)).toHaveLength(1);
  });
});
