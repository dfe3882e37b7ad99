import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Building2, CalendarClock, FilePlus2, ListChecks, ShieldCheck, Users } from 'lucide-react';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { Card, CardDiv, CardTitle } from '../components/ui/card';
import { useDocumentTitle } from '../components/use-document-title';
import { useMe } from '../lib/api/me';
import { useSession } from '../lib/session/session-provider';
import { useCompany } from '../lib/api/company';
import { useTeam } from '../lib/api/team';
import { PageHeader } from '../components/page-header';
import { useDashboard } from '../features/dashboard/api/dashboard';
import { ActiveFilesCard, MyTasks, RecentActivity, RecentProjects, StatusChart } from '../features/dashboard/dashboard-widgets';
import { formatDate } from '../lib/dates';
import { paths } from '../lib/paths';

const DAY_MS = 86_400_000;
// A failed load is rare: its words (lib/error-text and the error catalogue) load only then, not on every first load.
const DashboardError = lazy(() => import('../features/dashboard/dashboard-error'));

// The dashboard composes the company's profile with its claim files at a glance (active files
// against the plan, the pipeline, my tasks, recent claim files and activity). Each role sees what is
// its own: the owner the free trial and the whole set-up list; a manager (who runs the team and the
// company profile) the set-up list without billing; a member their open tasks and their own account.
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const me = useMe();
  const session = useSession();
  const company = useCompany();
  const team = useTeam();
  const dashboard = useDashboard();
  const role = me.data?.company?.role ?? null;
  const isOwner = role === 'owner';
  const managesCompany = role !== null && canManageCompany(role);
  const trialEndsAt = company.data?.trialEndsAt ? new Date(company.data.trialEndsAt) : null;
  // eslint-disable-next-line react-hooks/purity -- days left is a display value, recomputed on each render
  const trialDaysLeft = trialEndsAt ? Math.max(0, Math.ceil((trialEndsAt.getTime() - Date.now()) / DAY_MS)) : null;
  const memberCount = team.data?.members.length ?? 0;
  const data = dashboard.data;
  // Any claim file at all, archived ones included (they are among the recent ones, not in the pipeline counts).
  const hasProject = data ? data.recentProjects.length > 0 || data.byStatus.some((status) => status.count > 0) : false;
  const twoFactor = {
    done: Boolean(session.user?.twoFactorEnabled),
    to: paths.security,
    icon: <ShieldCheck aria-hidden="true" className="size-5" />,
    text: 'Turn on two-factor sign-in to protect your claim files',
  };
  const steps = managesCompany
    ? [
        { done: hasProject, to: paths.newProject, icon: <FilePlus2 aria-hidden="true" className="size-5" />, text: 'Create your first claim file' },
        {
          done: memberCount > 1,
          to: paths.team,
          icon: <Users aria-hidden="true" className="size-5" />,
          text: 'Invite your crew and office staff (users are unlimited)',
        },
        {
          done: Boolean(company.data?.logoUrl && company.data.address),
          to: paths.settings,
          icon: <Building2 aria-hidden="true" className="size-5" />,
          text: 'Add your logo and address for reports and claim packets',
        },
        twoFactor,
      ]
    : [twoFactor];
  const openTasks = data?.myTasks.length ?? 0;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader title="Dashboard">
        {me.data ? `Welcome, ${me.data.firstName}.` : 'Welcome.'} {company.data ? `Here is where ${company.data.name} stands.` : ''}
      </PageHeader>

      <section aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="sr-only">
          Overview
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {data ? <ActiveFilesCard activeFiles={data.activeFiles} /> : <StatCard icon={null} label="Active files" value="…" detail="Billed by active files" />}
          {isOwner ? (
            <StatCard
              icon={<CalendarClock aria-hidden="true" className="size-4" />}
              label="Free trial"
              value={trialDaysLeft === null ? '—' : `${trialDaysLeft} days left`}
              detail={trialEndsAt ? `Ends ${formatDate(trialEndsAt)}, no credit card needed` : 'No trial'}
            />
          ) : (
            <StatCard
              icon={<ListChecks aria-hidden="true" className="size-4" />}
              label="My tasks"
              value={data ? `${openTasks} open` : '…'}
              detail={data && data.overdueCount > 0 ? `${data.overdueCount} overdue` : 'Nothing overdue'}
            />
          )}
          <StatCard icon={<Users aria-hidden="true" className="size-4" />} label="Team" value={String(memberCount)} detail="Members, unlimited on every plan" />
        </div>
      </section>

      {role !== null && (
        <Card aria-labelledby="start-heading">
          <CardTitle id="start-heading">{managesCompany ? 'Get set up' : 'Your account'}</CardTitle>
          <ul className="mt-3 flex flex-col gap-2">
            {steps.map((step) => (
              <li key={step.to}>
                <Link to={step.to} className="flex min-h-11 items-center gap-3 rounded-md px-2 py-2 text-slate-800 hover:bg-slate-50">
                  <span className={step.done ? 'text-green-700' : 'text-blue-700'}>{step.icon}</span>
                  <span className={step.done ? 'line-through decoration-slate-400' : ''}>{step.text}</span>
                  {step.done && <span className="sr-only">(done)</span>}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}

      {dashboard.isPending && <p role="status">Loading your claim files…</p>}
      {dashboard.isError && (
        <Suspense fallback={<p role="alert">Your claim files could not be loaded.</p>}>
          <DashboardError error={dashboard.error} />
        </Suspense>
      )}
      {data && (
        <div className="grid gap-4 md:grid-cols-2">
          <StatusChart byStatus={data.byStatus} />
          <MyTasks tasks={data.myTasks} overdueCount={data.overdueCount} />
          <RecentProjects projects={data.recentProjects} />
          <RecentActivity activity={data.recentActivity} />
        </div>
      )}
    </div>
  );
}

function StatCard({ icon, label, value, detail }: { icon: ReactNode; label: string; value: string; detail: string }) {
  return (
    <CardDiv className="flex flex-col gap-1">
      <span className="flex items-center gap-2 text-sm font-medium text-slate-700">
        {icon}
        {label}
      </span>
      <span className="text-2xl font-bold text-slate-900">{value}</span>
      <span className="text-sm text-slate-600">{detail}</span>
    </CardDiv>
  );
}
