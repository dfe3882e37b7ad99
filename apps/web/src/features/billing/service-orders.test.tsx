import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminServiceOrder, ServiceOrder } from '@ridgeline/shared/contracts/billing';
import { notify } from '../../lib/toast';
import { fakeMe } from '../../test/claim-flow-fakes';
import { answer, json, sent } from '../../test/fake-server';
import { AdminServiceOrders } from './admin-service-orders';
import { billingRootKey } from './api/billing-keys';
import { ServiceOrdersPanel } from './service-orders-panel';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SLOW = { timeout: 8_000 };
const PROJECT_ID = '00000000-0000-4000-8000-00000000a001';
const ORDER_ID = '00000000-0000-4000-8000-00000000b001';
const FILE_ID = '00000000-0000-4000-8000-00000000c001';

function fakeOrder(overrides: Partial<ServiceOrder> = {}): ServiceOrder {
  return {
    id: ORDER_ID,
    projectId: PROJECT_ID,
    projectTitle: 'Miller roof',
    serviceType: 'xact360',
    serviceName: 'Xact360',
    credits: 4,
    status: 'ordered',
    notes: 'Front slope only',
    orderedBy: 'Alice Roof',
    deliveredFile: null,
    cancelReason: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

const fakeAdminOrder = (overrides: Partial<AdminServiceOrder> = {}): AdminServiceOrder => ({
  ...fakeOrder(),
  companyId: 'c-2',
  companyName: 'Bravo Siding',
  ...overrides,
});

function renderUi(ui: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.clearAllMocks());

function SlowerBillingRead() {
  useQuery({ queryKey: [...billingRootKey, 'banner-stand-in'], queryFn: () => fetch('/api/billing').then((response) => response.json() as Promise<unknown>) });
  return null;
}

describe('ServiceOrdersPanel', { timeout: 60_000 }, () => {
  it('shows a member the orders and the delivered file, but no Order or Cancel', async () => {
    answer('GET /api/me', json(fakeMe('member')));
    answer('GET /api/credits', json({ balance: 12, packs: [], mode: 'test', canBuy: false }));
    answer(
      'GET /api/projects/:id/service-orders',
      json({
        orders: [
          fakeOrder({ id: '00000000-0000-4000-8000-00000000b002', serviceType: 'ugo_assisted', serviceName: 'UGO Assisted', credits: 1 }),
          fakeOrder({ status: 'delivered', deliveredFile: { id: FILE_ID, fileName: 'estimate.pdf' } }),
        ],
      }),
    );
    renderUi(<ServiceOrdersPanel projectId={PROJECT_ID} fileUrl={(id) => (id === FILE_ID ? '/storage/estimate.pdf?sig=1' : undefined)} />);

    expect(await screen.findByText('Owners and managers of your company can order services.', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('12 credits', {}, SLOW)).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'Service orders' }, SLOW)).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1] as HTMLElement).getByText('Delivered')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByRole('link', { name: 'estimate.pdf' })).toHaveAttribute('href', '/storage/estimate.pdf?sig=1');
    expect(screen.queryByRole('button', { name: /^Order/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('lets an owner order with notes, and sends them to buy credits when the balance is too low', async () => {
    answer('GET /api/me', json(fakeMe('owner')));
    answer('GET /api/credits', json({ balance: 3, packs: [], mode: 'test', canBuy: true }));
    answer('GET /api/projects/:id/service-orders', json({ orders: [] }));
    answer(
      'POST /api/projects/:id/service-orders',
      json(fakeOrder({ serviceType: 'supplement360', serviceName: 'Supplement360', credits: 3 }), { status: 201 }),
    );
    const user = userEvent.setup();
    renderUi(<ServiceOrdersPanel projectId={PROJECT_ID} />);

    expect(await screen.findByRole('link', { name: 'Buy credits for Xact360' }, SLOW)).toHaveAttribute('href', '/credits');
    await user.click(screen.getByRole('button', { name: 'Order Supplement360' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Supplement360' }, SLOW);
    expect(within(dialog).getByText('Uses 3 of your 3 credits.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Notes for the office (optional)'), 'Carrier missed the drip edge');
    await user.click(within(dialog).getByRole('button', { name: 'Order for 3 credits' }));
    await waitFor(() => expect(sent(`POST /api/projects/${PROJECT_ID}/service-orders`)).toHaveLength(1));
    expect(sent(`POST /api/projects/${PROJECT_ID}/service-orders`)[0]?.body).toEqual({ serviceType: 'supplement360', notes: 'Carrier missed the drip edge' });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Supplement360 ordered', expect.any(String)));
  });
});

describe('AdminServiceOrders', { timeout: 60_000 }, () => {
  it('shows the waiting orders of every company and starts, delivers and cancels them', async () => {
    answer('GET /api/admin/service-orders', json({ orders: [fakeAdminOrder()] }));
    answer('POST /api/admin/service-orders/:id/status', json(fakeAdminOrder({ status: 'in_progress' })));
    answer(
      'PUT /api/admin/service-orders/:id/delivery',
      json(fakeAdminOrder({ status: 'delivered', deliveredFile: { id: FILE_ID, fileName: 'estimate.pdf' } })),
    );
    answer('POST /api/admin/service-orders/:id/cancel', json(fakeAdminOrder({ status: 'cancelled', cancelReason: 'Photos missing' })));
    const user = userEvent.setup();
    renderUi(<AdminServiceOrders />);

    const row = within(await screen.findByRole('list', { name: 'Service order queue' }, SLOW)).getByRole('listitem');
    expect(row).toHaveTextContent('Bravo Siding');
    expect(row).toHaveTextContent('Xact360 · Miller roof');
    expect(row).toHaveTextContent('4 credits');
    expect(sent('GET /api/admin/service-orders')[0]?.url.searchParams.get('status')).toBe('ordered');

    await user.click(within(row).getByRole('button', { name: 'Start work' }));
    await waitFor(() => expect(sent(`POST /api/admin/service-orders/${ORDER_ID}/status`)[0]?.body).toEqual({ status: 'in_progress' }));

    const file = new File(['%PDF-1.4'], 'estimate.pdf', { type: 'application/pdf' });
    await user.upload(within(row).getByLabelText('Deliver Xact360'), file);
    await waitFor(() => expect(sent(`PUT /api/admin/service-orders/${ORDER_ID}/delivery`)).toHaveLength(1));
    expect(sent(`PUT /api/admin/service-orders/${ORDER_ID}/delivery`)[0]?.url.searchParams.get('fileName')).toBe('estimate.pdf');

    await user.click(within(row).getByRole('button', { name: 'Cancel with refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Xact360 for Miller roof?' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(sent(`POST /api/admin/service-orders/${ORDER_ID}/cancel`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Photos missing');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(sent(`POST /api/admin/service-orders/${ORDER_ID}/cancel`)[0]?.body).toEqual({ reason: 'Photos missing' }));

    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(sent('GET /api/admin/service-orders').some((request) => request.url.search === '')).toBe(true));
  });

  it('says the work started even when the order leaves the filtered queue before the answer is handled', async () => {
    // The first read lists the order; the read after the start (status "ordered") no longer does, so
    // the row unmounts while the start's answer is being handled.
    answer('GET /api/admin/service-orders', [json({ orders: [fakeAdminOrder()] }), json({ orders: [] })]);
    answer('POST /api/admin/service-orders/:id/status', json(fakeAdminOrder({ status: 'in_progress' })));
    // Another billing read on the page (the banner's) answers later than the queue, as on a real page.
    answer('GET /api/billing', [json({}), json({}, { delayMs: 400 })]);
    const user = userEvent.setup();
    renderUi(
      <>
        <AdminServiceOrders />
        <SlowerBillingRead />
      </>,
    );

    const row = within(await screen.findByRole('list', { name: 'Service order queue' }, SLOW)).getByRole('listitem');
    await user.click(within(row).getByRole('button', { name: 'Start work' }));
    expect(await screen.findByText('No service orders', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Work started', 'Xact360 for Miller roof is in progress.'));
  });
});
