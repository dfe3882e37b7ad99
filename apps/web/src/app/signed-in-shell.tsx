import { ChevronDown, Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ProtectedRoute } from '../components/protected-route';
import { QuietBoundary } from '../components/quiet-boundary';
import { idle } from '../lib/when-idle';
import { useSession } from '../lib/session/session-provider';
import { useMaintenance } from '../features/maintenance/maintenance-api';
import { useSiteBanner } from '../features/maintenance/site-banner-api';
import { SiteBanner } from '../components/site-banner';
import { useMe } from '../lib/api/me';
import { ApiError } from '../lib/api-client';
import { ACCOUNT_DISABLED_CODE } from '@ridgeline/shared/contracts/admin-views';
import { createAccountStatusCache, resolveAccountEnabled } from '../lib/session/account-status';
import { useImpersonation } from '../features/admin/use-impersonation';
import { HelpButton } from '../features/tutorials/help-button';
import { NAV_GROUPS } from './navigation';
import { BrandName } from '../components/brand-mark';
import { LoadOnIntent } from '../components/load-on-intent';
import { preloadAppToaster } from '../components/toasters';
import { useLoadOnIntent } from '../lib/use-load-on-intent';
import { displayName } from '@ridgeline/shared/domain/users';
import { useInspectionSync } from '../offline/use-inspection-sync';
import { startShingleOutboxWhenIdle } from '../offline/shingle-outbox/boot';
import { startUploadQueueWhenIdle } from '../offline/upload-queue/boot';
import { useWatchedDocuments } from '../features/reports/watched-documents';
import { uploadQueuePresence, uploadQueueUser } from '../offline/upload-queue/presence';
import { useGuardedSignOut } from './use-guarded-sign-out';
import { ChatAssistant } from './pinned-assistant';
import { loadInboxNavBadge } from '../features/inbox/load-inbox-nav-badge';
import { loadFeedbackNavBadge } from '../features/feedback/load-feedback-nav-badge';
import { paths } from '../lib/paths';

// The shell is on every signed-in first load: what only some users open (the user menu, the
// small-screen drawer) loads when it is wanted (lib/use-load-on-intent.ts).
const loadUserMenu = () => import('./user-menu');
const UserMenuDropdown = lazy(loadUserMenu);
const loadNavDrawer = () => import('./nav-drawer');
const NavDrawer = lazy(loadNavDrawer);
// Screens only some sessions see (a disabled account, maintenance, an admin viewing as someone else)
// load when shown: with them the kit's Button would bring tailwind-merge into every first load.
const AccountDisabledScreen = lazy(() => import('../components/account-disabled-screen').then((m) => ({ default: m.AccountDisabledScreen })));
const MaintenanceScreen = lazy(() => import('../features/maintenance/maintenance-screen').then((m) => ({ default: m.MaintenanceScreen })));
const ImpersonationBanner = lazy(() => import('../features/admin/impersonation-banner').then((m) => ({ default: m.ImpersonationBanner })));
// The photo upload queue starts once the page is idle; its panel loads only when the queue has photos.
const UploadPanel = lazy(() => import('../features/uploads/upload-panel'));
// The floating team chat: every signed-in page of a user with a company, except the field screens,
// with the assistant's thread as its pinned Assistant (app/pinned-assistant.tsx).
// Documents the user started (a report, a packet) are followed on every page until their PDF is
// ready: the watcher's code loads only once there is one to follow.
const DocumentWatcher = lazy(() => import('../features/reports/document-watcher').then((m) => ({ default: m.DocumentWatcher })));
// Its code loads once the browser is idle: the page in front of the user comes first.
const ChatWidget = lazy(() => idle().then(() => import('../features/chat/chat-widget')));
// What the server changes by itself (photo thumbnails stored, claim files moved forward) is followed: the realtime listener loads once the browser is idle.
const LiveUpdates = lazy(() => idle().then(() => import('./live-updates')));
// The unread count on the Inbox link loads once the browser is idle, off the first load.
const InboxNavBadge = lazy(loadInboxNavBadge);
// The open-feedback count on the admin navigation's triage link, the same way (only admins see that link).
const FeedbackNavBadge = lazy(loadFeedbackNavBadge);
// The billing banner (read-only, a failed payment, the trial's last days) for users with a company.
// Most visits have none to show: its code and its billing read wait until the browser is idle.
const ReadOnlyBanner = lazy(() => idle().then(() => import('../features/billing/read-only-banner')));

const USER_MENU_TRIGGER_CLASS = 'flex items-center gap-2 rounded-md px-2 py-1 text-left text-sm hover:bg-slate-100';
const NAV_DRAWER_TRIGGER_CLASS = 'rounded-md p-2 text-slate-800 hover:bg-slate-100 lg:hidden';

function Brand() {
  return (
    <Link to={paths.dashboard} className="flex items-center gap-2 text-lg font-bold text-white">
      <BrandName className="size-7" inverted />
    </Link>
  );
}

function NavLinks({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex flex-col gap-5">
      {NAV_GROUPS.filter((group) => !group.adminOnly || isAdmin).map((group) => (
        <div key={group.label}>
          <p className="px-3 text-xs font-semibold tracking-wide text-blue-200 uppercase">{group.label}</p>
          <ul aria-label={group.label} className="mt-1 flex flex-col gap-0.5">
            {group.items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-blue-800 font-semibold text-white' : 'text-blue-50 hover:bg-blue-900'}`
                  }
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                  {to === paths.inbox && (
                    <Suspense fallback={null}>
                      <InboxNavBadge />
                    </Suspense>
                  )}
                  {to === paths.adminFeedback && (
                    <Suspense fallback={null}>
                      <FeedbackNavBadge />
                    </Suspense>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * Sends the user's queued photos while they are signed in (across pages) and shows the upload panel;
 * sends the shingle identifications saved on this device with no signal (their photos wait for them).
 */
function UploadQueue() {
  const userId = useSession().user?.id;
  useEffect(() => {
    if (!userId) return;
    uploadQueueUser.set(userId);
    const stop = startUploadQueueWhenIdle(userId);
    const stopShingles = startShingleOutboxWhenIdle(userId);
    return () => {
      stop();
      stopShingles();
      uploadQueueUser.set(null);
    };
  }, [userId]);
  const hasPhotos = useSyncExternalStore(uploadQueuePresence.subscribe, uploadQueuePresence.get, () => false);
  return hasPhotos ? (
    <Suspense fallback={null}>
      <UploadPanel />
    </Suspense>
  ) : null;
}

function DocumentsOnTheirWay() {
  const watching = useWatchedDocuments().length > 0;
  return watching ? (
    <Suspense fallback={null}>
      <DocumentWatcher />
    </Suspense>
  ) : null;
}

/** The site banner a platform admin set (on with the default words until one changes it); public pages have none. */
function SiteNotice() {
  const banner = useSiteBanner().data;
  if (!banner?.enabled) return null;
  // Keyed by the words: new words show again even where the old ones were dismissed.
  return <SiteBanner key={banner.text} text={banner.text} />;
}

function BillingBanner() {
  const hasCompany = Boolean(useMe().data?.company);
  if (!hasCompany) return null;
  return (
    <QuietBoundary name="The billing banner">
      <Suspense fallback={null}>
        <ReadOnlyBanner />
      </Suspense>
    </QuietBoundary>
  );
}

/** A user with a company: their photo lists follow the thumbnails the server stores (realtime). */
function LivePhotos() {
  const hasCompany = Boolean(useMe().data?.company);
  if (!hasCompany) return null;
  return (
    <QuietBoundary name="The photos' live thumbnails">
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
    </QuietBoundary>
  );
}

function TeamChat() {
  const { pathname } = useLocation();
  const hasCompany = Boolean(useMe().data?.company);
  if (!hasCompany || pathname.startsWith(paths.fieldHub)) return null;
  return (
    <QuietBoundary name="The team chat">
      <Suspense fallback={null}>
        <ChatWidget assistant={ChatAssistant} />
      </Suspense>
    </QuietBoundary>
  );
}

function UserMenu() {
  const { user } = useSession();
  const { requestSignOut, warning } = useGuardedSignOut();
  const me = useMe();
  const intent = useLoadOnIntent(loadUserMenu);
  const name = displayName(me.data ?? { name: user?.name, email: user?.email });
  const trigger = {
    className: USER_MENU_TRIGGER_CLASS,
    label: (
      <>
        <span className="flex flex-col">
          <span className="font-semibold text-slate-900">{name}</span>
          {me.data?.company && <span className="text-xs text-slate-700">{me.data.company.name}</span>}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 text-slate-600" />
        <span className="sr-only">Open the user menu</span>
      </>
    ),
  };
  return (
    <>
      <LoadOnIntent intent={intent} popup="menu" trigger={trigger}>
        <UserMenuDropdown trigger={trigger} defaultOpen onSignOut={requestSignOut} />
      </LoadOnIntent>
      {warning}
    </>
  );
}

function Layout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  useInspectionSync(useSession().user?.id, { deferred: true });
  const { isAdmin, impersonatedEmail, end } = useImpersonation();
  // Only admins and impersonation sessions get app toasts (impersonation starting, ending, failing):
  // their toaster's code is fetched ahead, so it shows even if the network goes away meanwhile.
  useEffect(() => {
    if (isAdmin || impersonatedEmail) preloadAppToaster();
  }, [isAdmin, impersonatedEmail]);
  const drawer = useLoadOnIntent(loadNavDrawer, () => setDrawerOpen(true));
  const drawerTrigger = {
    className: NAV_DRAWER_TRIGGER_CLASS,
    label: (
      <>
        <Menu aria-hidden="true" className="size-5" />
        <span className="sr-only">Open navigation</span>
      </>
    ),
  };
  return (
    <div className="flex min-h-screen flex-col">
      <SiteNotice />
      {impersonatedEmail && (
        <Suspense fallback={null}>
          <ImpersonationBanner email={impersonatedEmail} onExit={end} />
        </Suspense>
      )}
      <div className="flex flex-1">
        <aside className="hidden w-60 shrink-0 flex-col gap-6 bg-blue-950 px-3 py-5 lg:flex">
          <div className="px-3">
            <Brand />
          </div>
          <NavLinks isAdmin={isAdmin} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2">
            <LoadOnIntent intent={drawer} popup="dialog" trigger={drawerTrigger}>
              <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} trigger={drawerTrigger} brand={<Brand />}>
                <NavLinks isAdmin={isAdmin} onNavigate={() => setDrawerOpen(false)} />
              </NavDrawer>
            </LoadOnIntent>
            <div className="ml-auto flex items-center gap-2">
              {/* Below the large breakpoint the team chat's button is one of the header's (features/chat/chat-widget.tsx). */}
              <div data-chat-dock="" className="contents" />
              <HelpButton />
              <UserMenu />
            </div>
          </header>
          <BillingBanner />
          {/* Room below the page for the floating chat button, so a page's last controls scroll clear of it. */}
          <main id="main" className="flex-1 px-4 py-6 sm:px-6 [body:has([data-chat-button=floating])_&]:pb-24">
            <Outlet />
          </main>
          <UploadQueue />
          <LivePhotos />
          <TeamChat />
          <DocumentsOnTheirWay />
        </div>
      </div>
    </div>
  );
}

const accountStatusCache = createAccountStatusCache(localStorage);

/** Account enabled: a disabled account sees only the Account Disabled screen. */
function AccountGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { requestSignOut, warning } = useGuardedSignOut();
  const me = useMe();
  const refusedByServer = me.error instanceof ApiError && me.error.code === ACCOUNT_DISABLED_CODE;
  const enabled = user ? resolveAccountEnabled({ sessionFlag: user.isEnabled, cachedFlag: accountStatusCache.read(user.id), refusedByServer }) : true;
  useEffect(() => {
    if (user && (user.isEnabled !== undefined || refusedByServer)) accountStatusCache.write(user.id, enabled);
  }, [user, enabled, refusedByServer]);
  useEffect(() => {
    // Profile read errors are logged and the app carries on.
    if (me.error && !refusedByServer) console.warn('Profile could not be read; carrying on.', me.error);
  }, [me.error, refusedByServer]);
  if (!enabled) {
    return (
      <Suspense fallback={null}>
        <AccountDisabledScreen onSignOut={requestSignOut} />
        {warning}
      </Suspense>
    );
  }
  return children;
}

/** Maintenance mode: non-admins see the maintenance screen; admins keep working. */
function MaintenanceGate({ children }: { children: ReactNode }) {
  const flag = useMaintenance();
  const me = useMe();
  const { requestSignOut, warning } = useGuardedSignOut();
  const blockedByServer = me.error instanceof ApiError && me.error.code === 'MAINTENANCE';
  if (flag.data?.enabled && me.isPending) return null;
  if (me.data?.role !== 'admin' && (flag.data?.enabled || blockedByServer)) {
    return (
      <Suspense fallback={null}>
        <MaintenanceScreen onSignOut={requestSignOut} />
        {warning}
      </Suspense>
    );
  }
  return children;
}

/** Every signed-in page: the protected-route checks, maintenance, then the layout with navigation and user menu. */
export default function SignedInShell() {
  return (
    <ProtectedRoute>
      <AccountGate>
        <MaintenanceGate>
          <Layout />
        </MaintenanceGate>
      </AccountGate>
    </ProtectedRoute>
  );
}
