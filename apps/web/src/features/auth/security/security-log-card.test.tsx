import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logSecurityEvent, SECURITY_LOG_KEY } from '../../../lib/security-log';
import { SecurityLogCard } from './security-log-card';

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('SecurityLogCard', () => {
  it('says so when nothing is logged, with Clear disabled', () => {
    render(<SecurityLogCard />);
    const card = within(screen.getByRole('region', { name: 'Security log' }));
    expect(card.getByText('No security events recorded on this device.')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('lists the entries newest first in a table with column headers, updates live, and clears', async () => {
    logSecurityEvent('warning', 'http_forbidden', 'You do not have permission to perform this action.');
    render(<SecurityLogCard />);
    act(() => {
      logSecurityEvent('error', 'csp_violation', 'Blocked inline script');
    });
    const card = within(screen.getByRole('region', { name: 'Security log' }));
    const table = card.getByRole('table', { name: 'Security events, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Time', 'Level', 'Event', 'Message']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual(['csp_violation', 'http_forbidden']);
    expect(within(rows[0] ?? table).getByText('Error')).toBeInTheDocument();
    expect(within(rows[1] ?? table).getByText('You do not have permission to perform this action.')).toBeInTheDocument();

    await userEvent.click(card.getByRole('button', { name: 'Clear' }));
    expect(card.queryByRole('table')).not.toBeInTheDocument();
    expect(localStorage.getItem(SECURITY_LOG_KEY)).toBeNull();
  });
});
