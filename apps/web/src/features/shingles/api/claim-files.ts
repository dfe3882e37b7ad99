import { useProjectChoices } from '../../../lib/api/project-choices';

// The claim-file picker of /shingle-id: the company's claim files matching a name or an address
// (the homeowner, the address, the claim number or the carrier), the first few shown.

/** Letters typed before the picker searches. */
export const CLAIM_FILE_SEARCH_MIN = 2;
export const PICKER_ROWS = 8;

export function useClaimFileSearch(q: string) {
  return useProjectChoices(q, { enabled: q.trim().length >= CLAIM_FILE_SEARCH_MIN });
}
