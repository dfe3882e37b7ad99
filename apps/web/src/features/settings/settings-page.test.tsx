import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeMe } from '../../test/claim-flow-fakes';
import { fakeCompany } from '../../test/company-fakes';
import { answer, json } from '../../test/fake-server';
import SettingsPage, { type SettingsSection } from './settings-page';

// /settings in sections, one at a time: the company's profile first, each other section reached
// directly by its name in the address and saving on its own (its own cards and buttons).

const SECTIONS: readonly SettingsSection[] = [
  { value: 'pipeline', label: 'Claim file pipeline', render: () => <h2>The pipeline section</h2> },
  { value: 'estimating', label: 'Estimating', render: () => <h2>The estimating section</h2> },
];

function Where() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string) {
  answer('GET /api/me', json(fakeMe()));
  answer('GET /api/company', json(fakeCompany()));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Where />
        <SettingsPage sections={SECTIONS} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the settings page', () => {
  it('opens on the company, one section at a time, and writes the open section to the address', async () => {
    renderAt('/settings');
    expect(await screen.findByRole('button', { name: 'Save company' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The pipeline section' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Estimating' }));
    expect(await screen.findByRole('heading', { name: 'The estimating section' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save company' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/settings?section=estimating');
    await userEvent.click(screen.getByRole('tab', { name: 'Company' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/settings$/));
  });

  it('opens the section the address names', async () => {
    renderAt('/settings?section=pipeline');
    expect(await screen.findByRole('heading', { name: 'The pipeline section' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Claim file pipeline' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the company for a section name it does not know', async () => {
    renderAt('/settings?section=nowhere');
    expect(await screen.findByRole('button', { name: 'Save company' })).toBeInTheDocument();
  });
});
