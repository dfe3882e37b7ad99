import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScrollPositions } from '../lib/scroll-positions';
import { ScrollRestoration } from './scroll-restoration';

// The router's scroll restoration over a page the test scrolls (jsdom draws nothing: window.scrollY
// is whatever the last scrollTo or the test set).

let y = 0;
const scrollTo = vi.fn((options: ScrollToOptions) => {
  y = options.top ?? 0;
});

beforeEach(() => {
  y = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function userScrollsTo(to: number) {
  y = to;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

function renderApp() {
  render(
    <MemoryRouter initialEntries={['/projects']}>
      <ScrollRestoration positions={createScrollPositions(null)} />
      <Routes>
        <Route
          path="/projects"
          element={
            <>
              <h1>Projects</h1>
              <Link to="/projects/1">Open claim</Link>
              <Link to="/projects?sort=updated">Sort</Link>
            </>
          }
        />
        <Route
          path="/projects/1"
          element={
            <>
              <h1>Claim</h1>
              <Back />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ScrollRestoration', () => {
  it('opens a new page at the top and a page gone back to where it was left; a new query keeps the place', async () => {
    const user = userEvent.setup();
    renderApp();
    userScrollsTo(2277);
    await user.click(screen.getByRole('link', { name: 'Sort' }));
    expect(y).toBe(2277);

    await user.click(screen.getByRole('link', { name: 'Open claim' }));
    expect(await screen.findByRole('heading', { name: 'Claim' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    expect(y).toBe(0);
    userScrollsTo(300);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(y).toBe(2277);
  });
});
