import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HelpButton } from './help-button';

function stubTutorials(embedCode: string | null, status = 200) {
  const body = embedCode === null ? { error: { code: 'SERVER_ERROR', message: 'down', requestId: 'r' } } : {
    tutorials: [{ id: 't1', pageRoute: '/projects/*', isActive: true, title: 'One claim file', description: 'How a project works', embedCode, updatedAt: '2026-01-01T00:00:00Z' }],
  };
  const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <HelpButton />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('HelpButton', () => {
  it('opens a dialog with our own iframe for a YouTube embed, looked up for the page', async () => {
    const fetchMock = stubTutorials('<iframe src="https://www.youtube.com/embed/abcdefghijk" onload="alert(1)"></iframe>');
    renderAt('/projects/123');
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
    const frame = await screen.findByTitle('One claim file');
    expect(frame.getAttribute('src')).toBe('https://www.youtube.com/embed/abcdefghijk');
    expect(frame.getAttribute('onload')).toBeNull();
    expect(screen.getByText('How a project works')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/tutorials?route=%2Fprojects%2F123');
  });

  it('shows nothing for a non-https or other host, and nothing (logged) when the read fails', async () => {
    stubTutorials('<iframe src="http://www.youtube.com/embed/abcdefghijk"></iframe>');
    const { unmount } = renderAt('/dashboard');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    unmount();

    stubTutorials('https://evil.example/embed/abcdefghijk');
    const second = renderAt('/dashboard');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    second.unmount();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubTutorials(null, 500);
    renderAt('/dashboard');
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    warn.mockRestore();
  });
});
