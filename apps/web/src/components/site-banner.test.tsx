import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { isBannerDismissedToday, SiteBanner } from './site-banner';

const WORDS = 'Ridgeline is being updated today.';

beforeEach(() => localStorage.clear());

describe('SiteBanner', () => {
  it('shows its words until dismissed, then stays hidden on this device for the rest of the day', async () => {
    const first = render(<SiteBanner text={WORDS} />);
    expect(screen.getByRole('region', { name: 'Site notice' })).toHaveTextContent(WORDS);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the notice for today' }));
    expect(screen.queryByRole('region', { name: 'Site notice' })).not.toBeInTheDocument();
    first.unmount();

    // Another page view the same day: still hidden.
    render(<SiteBanner text={WORDS} />);
    expect(screen.queryByRole('region', { name: 'Site notice' })).not.toBeInTheDocument();
  });

  it('shows again the next day, and at once for new words', () => {
    const noon = new Date(2026, 10, 23, 12, 0);
    const store = new Map<string, string>();
    const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };
    storage.setItem('ridgeline.site-banner.dismissed', JSON.stringify({ day: '2026-11-23', text: WORDS }));
    expect(isBannerDismissedToday(WORDS, storage, noon)).toBe(true);
    expect(isBannerDismissedToday(WORDS, storage, new Date(2026, 10, 24, 0, 1))).toBe(false);
    expect(isBannerDismissedToday('Storm season hours', storage, noon)).toBe(false);
    storage.setItem('ridgeline.site-banner.dismissed', '{not json');
    expect(isBannerDismissedToday(WORDS, storage, noon)).toBe(false);
  });
});
