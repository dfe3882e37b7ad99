import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, RealtimeEvent } from '@ridgeline/shared/contracts/chat';
import { answer, json, sent } from '../../test/fake-server';
import InboxNavBadge from './inbox-nav-badge';

const realtime = vi.hoisted(() => ({ listeners: new Set<(event: RealtimeEvent) => void>() }));
vi.mock('../../lib/realtime/realtime-client', () => ({
  subscribeRealtime: (listener: (event: RealtimeEvent) => void) => {
    realtime.listeners.add(listener);
    return () => realtime.listeners.delete(listener);
  },
  sendRealtime: () => false,
}));

const ME = {
  id: 'u-alice',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Roof',
  phone: null,
  avatarUrl: null,
  role: 'contractor',
  isEnabled: true,
};
const LIVE: Notification = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'mention',
  title: 'Casey Crew mentioned you',
  body: '',
  link: null,
  actorName: 'Casey Crew',
  readAt: null,
  createdAt: new Date().toISOString(),
};

beforeEach(() => realtime.listeners.clear());

function renderBadge() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InboxNavBadge />
    </QueryClientProvider>,
  );
}

describe('the Inbox link’s unread badge', () => {
  it('shows the unread count (99+ above 99) and reads it again when a notification arrives', async () => {
    answer('GET /api/me', json({ ...ME, company: { id: 'c-1', name: 'Peak Roofing', role: 'owner' } }));
    answer('GET /api/notifications', [json({ notifications: [], unreadCount: 7 }), json({ notifications: [LIVE], unreadCount: 120 })]);
    renderBadge();
    expect(await screen.findByTestId('inbox-nav-badge')).toHaveTextContent('7 unread');
    expect(sent('GET /api/notifications').map((r) => r.path)).toEqual(['/api/notifications?limit=1']);

    act(() => {
      for (const listener of realtime.listeners) listener({ type: 'notification', notification: LIVE });
    });
    await waitFor(() => expect(screen.getByTestId('inbox-nav-badge')).toHaveTextContent('99+ unread'));
  });

  it('shows nothing when all is read', async () => {
    answer('GET /api/me', json({ ...ME, company: { id: 'c-1', name: 'Peak Roofing', role: 'owner' } }));
    answer('GET /api/notifications', json({ notifications: [], unreadCount: 0 }));
    renderBadge();
    await waitFor(() => expect(sent('GET /api/notifications')).toHaveLength(1));
    expect(screen.queryByTestId('inbox-nav-badge')).not.toBeInTheDocument();
  });

  it('asks nothing and listens to nothing for a user without a company', async () => {
    answer('GET /api/me', json({ ...ME, company: null }));
    renderBadge();
    await waitFor(() => expect(sent('GET /api/me')).toHaveLength(1));
    // Time for the profile's answer to render: a badge that asked anyway would have sent by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(sent('GET /api/notifications')).toHaveLength(0);
    expect(realtime.listeners.size).toBe(0);
    expect(screen.queryByTestId('inbox-nav-badge')).not.toBeInTheDocument();
  });
});
