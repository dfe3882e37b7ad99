import { ChevronDown, LogOut, Menu, ShieldCheck, UserRound, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { ProtectedRoute } from '../components/protected-route';
import { useSession } from '../lib/session/session-provider';
import { MaintenanceScreen } from '../features/maintenance/maintenance-screen';
import { useMaintenance } from '../features/maintenance/maintenance-api';
import { useMe } from '../lib/api/me';
import { ApiError } from '../lib/api-client';
import { ACCOUNT_DISABLED_CODE } from '@ridgeline/shared/contracts/admin';
import { AccountDisabledScreen } from '../components/account-disabled-screen';
import { createAccountStatusCache, resolveAccountEnabled } from '../lib/session/account-status';
import { ImpersonationBanner } from '../features/admin/impersonation-banner';
import { useImpersonation } from '../features/admin/use-impersonation';
import { HelpButton } from '../features/tutorials/help-button';
import { NAV_GROUPS } from './navigation';
import { BrandMark } from '../components/brand-mark';
import { Button } from '../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../components/ui/dropdown-menu';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../components/ui/sheet';

function Brand() {
  return (
    <Link to="/dashboard" className="flex items-center gap-2 text-lg font-bold text-white">
      <BrandMark className="size-7" inverted />
      Ridgeline
    </Link>
  );
}

function NavLinks({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex flex-col gap-5">
      {NAV_GROUPS.filter((group) => !group.adminOnly || isAdmin).map((group) => (
        <div key={group.label}>
          <p className="px-3 text-xs font-semibold tracking-wide text-blue-200 uppercase">{group.label}</p>
          <ul className="mt-1 flex flex-col gap-0.5">
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
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function UserMenu() {
  const { user, signOut } = useSession();
  const me = useMe();
  const name = me.data ? `${me.data.firstName} ${me.data.lastName}` : (user?.name ?? user?.email ?? '');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="justify-start px-2 text-left font-normal">
          <span className="flex flex-col">
            <span className="font-semibold text-slate-900">{name}</span>
            {me.data?.company && <span className="text-xs text-slate-700">{me.data.company.name}</span>}
          </span>
          <ChevronDown aria-hidden="true" className="size-4 text-slate-600" />
          <span className="sr-only">Open the user menu</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden="true" className="size-4" /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/security">
            <ShieldCheck aria-hidden="true" className="size-4" /> Security
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" className="size-4" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Layout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { isAdmin, impersonatedEmail, end } = useImpersonation();
  return (
    <div className="flex min-h-screen flex-col">
      {impersonatedEmail && <ImpersonationBanner email={impersonatedEmail} onExit={end} />}
      <div className="flex flex-1">
        <aside className="hidden w-60 shrink-0 flex-col gap-6 bg-blue-950 px-3 py-5 lg:flex">
          <div className="px-3">
            <Brand />
          </div>
          <NavLinks isAdmin={isAdmin} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2">
            <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
              <SheetTrigger asChild>
                <Button variant="ghost" size="icon" className="lg:hidden">
                  <Menu aria-hidden="true" className="size-5" />
                  <span className="sr-only">Open navigation</span>
                </Button>
              </SheetTrigger>
              <SheetContent side="left" className="bg-blue-950 px-3 py-5">
                <div className="flex items-center justify-between px-3">
                  <SheetTitle asChild>
                    <div>
                      <Brand />
                    </div>
                  </SheetTitle>
                  <SheetClose asChild>
                    <Button variant="ghost" size="icon" className="text-white hover:bg-blue-900">
                      <X aria-hidden="true" className="size-5" />
                      <span className="sr-only">Close navigation</span>
                    </Button>
                  </SheetClose>
                </div>
                <SheetDescription className="sr-only">Go to another part of Ridgeline</SheetDescription>
                <NavLinks isAdmin={isAdmin} onNavigate={() => setDrawerOpen(false)} />
              </SheetContent>
            </Sheet>
            <div className="ml-auto flex items-center gap-2">
              <HelpButton />
              <UserMenu />
            </div>
          </header>
          <main id="main" className="flex-1 px-4 py-6 sm:px-6">
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}

const accountStatusCache = createAccountStatusCache(localStorage);

/** Account enabled: a disabled account sees only the Account Disabled screen. */
function AccountGate({ children }: { children: ReactNode }) {
  const { user, signOut } = useSession();
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
  if (!enabled) return <AccountDisabledScreen onSignOut={() => void signOut()} />;
  return children;
}

/** Maintenance mode: non-admins see the maintenance screen; admins keep working. */
function MaintenanceGate({ children }: { children: ReactNode }) {
  const flag = useMaintenance();
  const me = useMe();
  const { signOut } = useSession();
  const blockedByServer = me.error instanceof ApiError && me.error.code === 'MAINTENANCE';
  if (flag.data?.enabled && me.isPending) return null;
  if (me.data?.role !== 'admin' && (flag.data?.enabled || blockedByServer)) return <MaintenanceScreen onSignOut={() => void signOut()} />;
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
