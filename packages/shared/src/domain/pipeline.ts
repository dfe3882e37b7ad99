/**
 * The status pipeline every company starts with, in order. A company may rename, reorder, add and
 * hide statuses; a closed status frees the project's active-file slot.
 */
export const DEFAULT_PIPELINE = [
  { key: 'lead', name: 'Lead', isClosed: false },
  { key: 'inspected', name: 'Inspected', isClosed: false },
  { key: 'claim_filed', name: 'Claim filed', isClosed: false },
  { key: 'adjuster_scheduled', name: 'Adjuster scheduled', isClosed: false },
  { key: 'approved', name: 'Approved', isClosed: false },
  { key: 'denied', name: 'Denied', isClosed: false },
  { key: 'supplement_requested', name: 'Supplement requested', isClosed: false },
  { key: 'build_scheduled', name: 'Build scheduled', isClosed: false },
  { key: 'completed', name: 'Completed', isClosed: false },
  { key: 'depreciation_requested', name: 'Depreciation requested', isClosed: false },
  { key: 'paid', name: 'Paid', isClosed: false },
  { key: 'closed', name: 'Closed', isClosed: true },
] as const;
