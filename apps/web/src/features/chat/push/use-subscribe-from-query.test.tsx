import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushEnvironment } from './enable-push';
import { useSubscribeFromQuery } from './use-subscribe-from-query';

vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

function environment(inFrame: boolean): PushEnvironment {
  return {
    supported: () => true,
    inFrame: () => inFrame,
    openInNewTab: vi.fn(),
    requestPermission: vi.fn(() => Promise.resolve<NotificationPermission>('denied')),
    registration: () => Promise.reject(new Error('not used')),
    deviceInfo: () => 'test',
  };
}

function Probe({ env }: { env: PushEnvironment }) {
  useSubscribeFromQuery(env);
  const current = useLocation();
  return <output aria-label="Address">{`${current.pathname}${current.search}`}</output>;
}

function renderAt(url: string, env: PushEnvironment) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Probe env={env} />
    </MemoryRouter>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('useSubscribeFromQuery', () => {
  it('on /messages?subscribe=1 asks once and takes subscribe out of the address', async () => {
    const env = environment(false);
    const view = renderAt('/messages?subscribe=1&conversation=abc', env);
    await waitFor(() => expect(env.requestPermission).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveTextContent('/messages?conversation=abc'));
    view.rerender(
      <MemoryRouter initialEntries={['/messages?subscribe=1']}>
        <Probe env={env} />
      </MemoryRouter>,
    );
    expect(env.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('does nothing without subscribe=1, or inside a frame', async () => {
    const plain = environment(false);
    renderAt('/messages', plain);
    const framed = environment(true);
    renderAt('/messages?subscribe=1', framed);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(plain.requestPermission).not.toHaveBeenCalled();
    expect(framed.requestPermission).not.toHaveBeenCalled();
  });
});
