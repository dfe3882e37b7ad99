// The name of each signed-in page as the user reads it: in the navigation, and wherever a page is
// named to the user (the tutorials list names the page a help belongs to, never its route).
// `/section/*` stands for every page below a section, as tutorial routes do.

export const PAGE_NAMES = {
  '/dashboard': 'Dashboard',
  '/projects': 'Claim Files',
  '/projects/new': 'New Claim File',
  '/projects/*': 'Each claim file',
  '/field-inspection': 'Field Inspection',
  '/field-inspections': 'Field Inspections',
  '/field-inspection/new': 'New Inspection',
  '/field-inspection/*': 'Each inspection',
  '/photo-reports': 'Photo Reports',
  '/advanced-photo-reports': 'Advanced Reports',
  '/advanced-photo-reports/*': 'Each advanced report',
  '/messages': 'Messages',
  '/assistant': 'Assistant',
  '/inbox': 'Inbox',
  '/measurements': 'Measurements',
  '/shingle-id': 'Shingle ID',
  '/shingle-history': 'Shingle History',
  '/companies': 'Companies',
  '/companies/*': 'Each carrier',
  '/analytics': 'Analytics',
  '/pricing': 'Pricing',
  '/credits': 'Credits',
  '/payments': 'Payments',
  '/team': 'Team',
  '/settings': 'Settings',
  '/security': 'Security',
  '/profile': 'Profile',
  '/tutorials': 'Tutorials',
  '/feedback': 'Feedback',
  '/feedback-loop': 'Feedback Loop',
  '/admin/impersonation': 'Impersonation',
  '/admin/payments': 'Admin Payments',
  '/admin/maintenance': 'Maintenance',
  '/admin/users': 'Users',
  '/admin/security': 'Security Reports',
  '/admin/feedback': 'Feedback Triage',
  '/admin/knowledge': 'Knowledge Base',
} as const;

export type NamedPage = keyof typeof PAGE_NAMES;

const named: Readonly<Record<string, string>> = PAGE_NAMES;

/** "/field-inspection" -> "Field inspection": the words of a route's last segment, for a page with no name of its own. */
function wordsOf(route: string): string {
  const segment =
    route
      .split('/')
      .filter((part) => part && part !== '*' && !part.startsWith(':'))
      .at(-1) ?? '';
  const words = segment.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : 'Every page';
}

/** The page a route names, as the user reads it: its name, or for `/section/*` the pages below a named section. */
export function pageName(route: string): string {
  const known = named[route];
  if (known) return known;
  if (route.endsWith('/*')) {
    const section = named[route.slice(0, -2)];
    return section ? `Every page under ${section}` : `Every page under ${wordsOf(route)}`;
  }
  return wordsOf(route);
}
