// The signed-in pages that later releases fill: their titles and what they will hold.
// Each renders an honest empty state until its feature lands.
export type PlannedPage = { path: string; title: string; description: string };

export const PLANNED_PAGES: PlannedPage[] = [
  { path: '/payments', title: 'Payments', description: 'Your subscription, invoices and payment history.' },
  { path: '/credits', title: 'Credits', description: 'Your company credit ledger: buy packs and spend them on Xact360, Copy-Over, Supplement360 and UGO Assisted orders.' },
  { path: '/credits-success', title: 'Credits Purchased', description: 'Confirmation of a credit pack purchase.' },
  { path: '/payment-success', title: 'Payment Complete', description: 'Confirmation of a completed payment.' },
  { path: '/feedback', title: 'Feedback', description: 'Send feedback with the page and a screenshot.' },
  { path: '/feedback-loop', title: 'Feedback Loop', description: 'The status of your feedback and the replies.' },
  { path: '/analytics', title: 'Analytics', description: 'Approval rate by carrier and loss type, time from inspection to approval, pipeline value and activity per member.' },
  { path: '/admin/payments', title: 'Admin Payments', description: 'Platform admins see payments across companies.' },
  { path: '/pricing', title: 'Pricing', description: 'Plans billed by active files, with unlimited users.' },
  { path: '/shingle-id', title: 'Shingle ID', description: 'Measure exposure and length, note the type and rank matching products from the catalogue.' },
  { path: '/shingle-history', title: 'Shingle History', description: 'Your past shingle identifications.' },
  { path: '/shingle-analysis-test', title: 'Shingle Analysis Test', description: 'Try the shingle analysis on sample measurements.' },
];
