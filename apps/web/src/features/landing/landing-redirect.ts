import { api } from '../../lib/api-client';
import { paths } from '../../lib/paths';

// A signed-in visitor who opens the public landing page is sent to the dashboard. The landing page
// runs this both as a React page (inside the router) and as the pre-rendered HTML document.

/** Asks for the session and, when there is a user, replaces the page with /dashboard. */
export async function redirectSignedInVisitor(isActive: () => boolean = () => true): Promise<void> {
  try {
    const session = await api.get<{ user?: unknown } | null>('/api/auth/get-session');
    if (isActive() && session?.user) window.location.replace(paths.dashboard);
  } catch {
    // No session answer (offline, server down): the visitor stays on the public page.
  }
}
