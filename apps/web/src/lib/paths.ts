// Every page of the app in one place: the route patterns the router's table is built from, and the
// paths links, redirects and navigations go to, made from the same patterns so a link and its route
// cannot drift apart. The URLs are the app's public addresses (bookmarks, links in mails and
// notifications): they never change.

/** The path of a route pattern with its parameters (`:id`) filled in, in order, each one a single segment. */
function fill(pattern: string, ...values: string[]): string {
  let index = 0;
  return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[index++] ?? ''));
}

/** A path with a query string (the parameters with no value left out). */
function withSearch(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The steps of an inspection with a page of their own, below /field-inspection/:sessionId. */
export const FIELD_STEPS = ['areas', 'areas-offline', 'insurance-details', 'measurements', 'analysis', 'estimate', 'convert', 'photo-annotation'] as const;
export type FieldStep = (typeof FIELD_STEPS)[number];

/** The router's patterns, one per page. */
export const routes = {
  home: '/',
  landing: '/landing',
  chat: '/chat',
  auth: '/auth',
  checkEmail: '/check-email',
  share: '/share/:token',
  dashboard: '/dashboard',
  team: '/team',
  profile: '/profile',
  settings: '/settings',
  projects: '/projects',
  newProject: '/projects/new',
  project: '/projects/:id',
  security: '/security',
  adminMaintenance: '/admin/maintenance',
  adminImpersonation: '/admin/impersonation',
  adminUsers: '/admin/users',
  adminSecurity: '/admin/security',
  adminKnowledge: '/admin/knowledge',
  adminPayments: '/admin/payments',
  adminFeedback: '/admin/feedback',
  adminFeedbackItem: '/admin/feedback/:id',
  tutorials: '/tutorials',
  companies: '/companies',
  carrier: '/companies/:id',
  fieldHub: '/field-inspection',
  fieldInspections: '/field-inspections',
  newInspection: '/field-inspection/new',
  newInspectionOffline: '/field-inspection/new-offline',
  fieldInspection: '/field-inspection/:sessionId',
  fieldPhase: '/field-inspection/:sessionId/:phase',
  fieldPhaseOffline: '/field-inspection/:sessionId/phase-offline/:phase',
  fieldElevation: '/field-inspection/:sessionId/elevation/:elevation',
  measurements: '/measurements',
  messages: '/messages',
  assistant: '/assistant',
  inbox: '/inbox',
  photoReports: '/photo-reports',
  advancedReports: '/advanced-photo-reports',
  newAdvancedReport: '/advanced-photo-reports/new',
  editAdvancedReport: '/advanced-photo-reports/:id/edit',
  pricing: '/pricing',
  payments: '/payments',
  paymentSuccess: '/payment-success',
  credits: '/credits',
  creditsSuccess: '/credits-success',
  analytics: '/analytics',
  feedback: '/feedback',
  feedbackLoop: '/feedback-loop',
  feedbackItem: '/feedback-loop/:id',
  shingleId: '/shingle-id',
  shingleSample: '/shingle-id/try/:sample',
  shingleResult: '/shingle-id/:id',
  shingleCatalog: '/shingle-catalog',
  shingleHistory: '/shingle-history',
  shingleAnalysisTest: '/shingle-analysis-test',
} as const;

/** The pattern of an inspection step's page. */
export const fieldStepRoute = (step: FieldStep) => `${routes.fieldInspection}/${step}` as const;

function fieldInspectionPath(sessionId: string, step?: FieldStep): string {
  const overview = fill(routes.fieldInspection, sessionId);
  return step ? `${overview}/${step}` : overview;
}

/** The paths to the app's pages. */
export const paths = {
  home: routes.home,
  landing: routes.landing,
  auth: routes.auth,
  /** The sign-up form, for a plan when one was chosen. */
  signUp: (plan?: string) => withSearch(routes.auth, { mode: 'signup', plan }),
  checkEmail: routes.checkEmail,
  dashboard: routes.dashboard,
  team: routes.team,
  profile: routes.profile,
  settings: routes.settings,
  /** The settings, opened at one section. */
  settingsSection: (section: string) => withSearch(routes.settings, { section }),
  projects: routes.projects,
  newProject: routes.newProject,
  /** A claim file's page, opened at one tab when named (and what the tab starts, as `packet=new`). */
  project: (id: string, search: { tab?: string; packet?: string } = {}) => withSearch(fill(routes.project, id), search),
  security: routes.security,
  adminMaintenance: routes.adminMaintenance,
  adminImpersonation: routes.adminImpersonation,
  adminUsers: routes.adminUsers,
  adminSecurity: routes.adminSecurity,
  adminKnowledge: routes.adminKnowledge,
  adminPayments: routes.adminPayments,
  adminFeedback: routes.adminFeedback,
  adminFeedbackItem: (id: string) => fill(routes.adminFeedbackItem, id),
  tutorials: routes.tutorials,
  companies: routes.companies,
  carrier: (id: string) => fill(routes.carrier, id),
  fieldHub: routes.fieldHub,
  fieldInspections: routes.fieldInspections,
  /** A new inspection (online or on this device only), from a claim file or going on with a session's details. */
  newInspection: (search: { projectId?: string; session?: string } = {}, offline = false) =>
    withSearch(offline ? routes.newInspectionOffline : routes.newInspection, search),
  /** An inspection's overview, or one of its steps. */
  fieldInspection: fieldInspectionPath,
  /** A capture phase's screen of an inspection (the offline one never waits on the network). */
  fieldPhase: (sessionId: string, phase: string, offline = false) =>
    offline ? fill(routes.fieldPhaseOffline, sessionId, phase) : fill(routes.fieldPhase, sessionId, phase),
  fieldElevation: (sessionId: string, elevation: string) => fill(routes.fieldElevation, sessionId, elevation),
  /** The photo annotation screen, at one photo. */
  photoAnnotation: (sessionId: string, photoId: string) => withSearch(fieldInspectionPath(sessionId, 'photo-annotation'), { photo: photoId }),
  measurements: routes.measurements,
  messages: routes.messages,
  assistant: routes.assistant,
  /** The assistant, about one claim file. */
  assistantAbout: (claimId: string) => withSearch(routes.assistant, { claim: claimId }),
  inbox: routes.inbox,
  photoReports: routes.photoReports,
  advancedReports: routes.advancedReports,
  newAdvancedReport: routes.newAdvancedReport,
  editAdvancedReport: (id: string) => fill(routes.editAdvancedReport, id),
  pricing: routes.pricing,
  payments: routes.payments,
  credits: routes.credits,
  analytics: routes.analytics,
  /** Where a credit pack's checkout comes back to. */
  creditsSuccess: (checkoutId: string) => withSearch(routes.creditsSuccess, { session_id: checkoutId }),
  feedback: routes.feedback,
  feedbackLoop: routes.feedbackLoop,
  feedbackItem: (id: string) => fill(routes.feedbackItem, id),
  shingleId: routes.shingleId,
  /** Shingle ID, started from a claim file or an inspection (its address filled in). */
  shingleIdFrom: (search: { projectId?: string; sessionId?: string; address?: string }) => withSearch(routes.shingleId, search),
  shingleSample: (sample: string) => fill(routes.shingleSample, sample),
  shingleResult: (id: string) => fill(routes.shingleResult, id),
  shingleCatalog: routes.shingleCatalog,
  shingleHistory: routes.shingleHistory,
  shingleAnalysisTest: routes.shingleAnalysisTest,
} as const;
