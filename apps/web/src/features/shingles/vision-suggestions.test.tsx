import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ShingleVisionSuggestion } from '@ridgeline/shared/contracts/shingles';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { NO_SUGGESTION_TEXT, SUGGEST_BUTTON_TEXT, SUGGESTIONS_HEADING, SuggestFromPhoto, VisionSuggestionPanel } from './vision-suggestions';

const SUGGESTION: ShingleVisionSuggestion = { type: 'laminated', cut: null, nailZone: 'fabric_strip', sealant: 'solid' };
const NOTHING: ShingleVisionSuggestion = { type: null, cut: null, nailZone: null, sealant: null };

const inClient = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>{ui}</QueryClientProvider>);

describe('the suggestion panel', () => {
  it('shows each suggestion in words as a suggestion to check, and hands it over only when applied', async () => {
    const onApply = vi.fn();
    const onDismiss = vi.fn();
    render(<VisionSuggestionPanel suggestion={SUGGESTION} onApply={onApply} onDismiss={onDismiss} />);
    const panel = screen.getByRole('region', { name: SUGGESTIONS_HEADING });
    expect(within(panel).getByText('Laminated / architectural')).toBeVisible();
    expect(within(panel).getByText('Woven fabric nailing strip')).toBeVisible();
    expect(within(panel).getByText('Solid sealant line')).toBeVisible();
    // What the photo did not show is said, not guessed.
    expect(within(panel).getByText('Not seen in the photo')).toBeVisible();
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply to the form' }));
    expect(onApply).toHaveBeenCalledWith(SUGGESTION);
    await userEvent.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('offers nothing to apply when the photo suggested nothing', () => {
    render(<VisionSuggestionPanel suggestion={NOTHING} onApply={vi.fn()} onDismiss={vi.fn()} />);
    expect(screen.getByText(NO_SUGGESTION_TEXT)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Apply to the form' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeVisible();
  });
});

describe('suggesting from the face photo', () => {
  const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'face.jpg', { type: 'image/jpeg' });

  it('sends the photo itself, shows the answer, and applies it only on request', async () => {
    answer('POST /api/shingles/vision-suggestions', json(SUGGESTION));
    const onApply = vi.fn();
    inClient(<SuggestFromPhoto photo={photo} onApply={onApply} />);
    await userEvent.click(screen.getByRole('button', { name: SUGGEST_BUTTON_TEXT }));
    expect(await screen.findByRole('region', { name: SUGGESTIONS_HEADING })).toBeVisible();
    const [request] = sent('POST /api/shingles/vision-suggestions');
    expect(request?.headers.get('content-type')).toBe('image/jpeg');
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Apply to the form' }));
    expect(onApply).toHaveBeenCalledWith(SUGGESTION);
    expect(screen.queryByRole('region', { name: SUGGESTIONS_HEADING })).toBeNull();
  });

  it("says why when there is no suggestion (the company's daily limit)", async () => {
    answer('POST /api/shingles/vision-suggestions', apiError('ASSISTANT_DAILY_LIMIT'));
    inClient(<SuggestFromPhoto photo={photo} onApply={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: SUGGEST_BUTTON_TEXT }));
    expect(await screen.findByRole('alert')).toHaveTextContent("today's assistant answers");
    expect(screen.queryByRole('region', { name: SUGGESTIONS_HEADING })).toBeNull();
  });
});
