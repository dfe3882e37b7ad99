import { useQuery } from '@tanstack/react-query';
import { invoiceListSchema, type Invoice } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { invoicesKey } from './billing-keys';

// GET /api/billing/invoices: the company's subscription invoices, newest first.

export async function fetchInvoices(): Promise<Invoice[]> {
  return (await api.get('/api/billing/invoices', { schema: invoiceListSchema })).invoices;
}

export function useInvoices() {
  return useQuery({ queryKey: invoicesKey, queryFn: fetchInvoices, staleTime: 60_000 });
}
