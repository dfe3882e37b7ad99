// The name of each signed-in page as the user reads it: in the navigation, and wherever a page is
// named to the user (the tutorials list names the page a help belongs to, never its route).
// `/section/*` stands for every page below a section, as tutorial routes do; the others are the
// router's patterns (lib/paths.ts).

import { routes } from './paths';

export const PAGE_NAMES = {
  [routes.dashboard]: 'Dashboard',
  [routes.projects]: 'Claim Files',
  [routes.newProject]: 'New Claim File',
  '/projects/*': 'Each claim file',
  [routes.fieldHub]: 'Field Inspection',
  [routes.fieldInspections]: 'Field Inspections',
  [routes.newInspection]: 'New Inspection',
  '/field-inspection/*': 'Each inspection',
  [routes.photoReports]: 'Photo Reports',
  [routes.advancedReports]: 'Advanced Reports',
  '/advanced-photo-reports/*': 'Each advanced report',
  [routes.messages]: 'Messages',
  [routes.assistant]: 'Assistant',
  [routes.inbox]: 'Inbox',
  [routes.measurements]: 'Measurements',
  [routes.shingleId]: 'Shingle ID',
  [routes.shingleHistory]: 'Shingle History',
  [routes.companies]: 'Companies',
  '/companies/*': 'Each carrier',
  [routes.analytics]: 'Analytics',
  [routes.pricing]: 'Pricing',
  [routes.credits]: 'Credits',
  [routes.payments]: 'Payments',
  [routes.team]: 'Team',
  [routes.settings]: 'Settings',
  [routes.security]: 'Security',
  [routes.profile]: 'Profile',
  [routes.tutorials]: 'Tutorials',
  [routes.feedback]: 'Feedback',
  [routes.feedbackLoop]: 'Feedback Loop',
  [routes.adminImpersonation]: 'Impersonation',
  [routes.adminPayments]: 'Admin Payments',
  [routes.adminMaintenance]: 'Maintenance',
  [routes.adminUsers]: 'Users',
  [routes.adminSecurity]: 'Security Reports',
  [routes.adminFeedback]: 'Feedback Triage',
  [routes.adminKnowledge]: 'Knowledge Base',
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
