import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { creditEntriesPageSchema, type CreditEntriesPage, type CreditEntriesQuery } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { creditEntriesKey } from './billing-keys';

// GET /api/credits/entries: one page of the ledger, newest first; GET /api/credits/entries.csv: every
// matching row as a download, with the same filters and no paging.

/** The ledger's filters as the page holds them: an empty text is no filter. */
export type CreditLedgerFilters = Pick<CreditEntriesQuery, 'kind' | 'from' | 'to'>;

/** The query string of a ledger read: only the filters that are set, in a stable order. */
export function creditEntriesSearch(query: Partial<CreditEntriesQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  params.sort();
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function fetchCreditEntries(query: CreditEntriesQuery): Promise<CreditEntriesPage> {
  return api.get(`/api/credits/entries${creditEntriesSearch(query)}`, { schema: creditEntriesPageSchema });
}

export function useCreditEntries(query: CreditEntriesQuery) {
  // The previous page stays on screen while the next one loads (no flash of an empty table).
  return useQuery({ queryKey: creditEntriesKey(query), queryFn: () => fetchCreditEntries(query), placeholderData: keepPreviousData });
}

/** The CSV download of every row matching the filters. */
export function creditEntriesCsvHref(filters: CreditLedgerFilters): string {
  return `/api/credits/entries.csv${creditEntriesSearch(filters)}`;
}
