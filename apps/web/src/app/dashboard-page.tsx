import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Building2, CalendarClock, FolderOpen, ShieldCheck, Users } from 'lucide-react';
import { PLANS } from '@ridgeline/shared/domain/plans';
import { Card, CardDiv, CardTitle } from '../components/ui/card';
import { useDocumentTitle } from '../components/use-document-title';
import { useMe } from '../lib/api/me';
import { useCompany } from '../lib/api/company';
import { useTeam } from '../lib/api/team';
import { PageHeader } from '../components/page-header';

const DAY_MS = 86_400_000;

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const me = useMe();
  const company = useCompany();
  const team = useTeam();
  const plan = PLANS.find((p) => p.id === company.data?.plan);
  const trialEndsAt = company.data?.trialEndsAt ? new Date(company.data.trialEndsAt) : null;
  // eslint-disable-next-line react-hooks/purity -- days left is a display value, recomputed on each render
  const trialDaysLeft = trialEndsAt ? Math.max(0, Math.ceil((trialEndsAt.getTime() - Date.now()) / DAY_MS)) : null;
  const memberCount = team.data?.members.length ?? 0;
  const steps = [
    { done: memberCount > 1, to: '/team', icon: <Users aria-hidden="true" className="size-5" />, text: 'Invite your crew and office staff (users are unlimited)' },
    { done: Boolean(company.data?.logoUrl && company.data.address), to: '/settings', icon: <Building2 aria-hidden="true" className="size-5" />, text: 'Add your logo and address for reports and claim packets' },
    { done: false, to: '/security', icon: <ShieldCheck aria-hidden="true" className="size-5" />, text: 'Turn on two-factor sign-in to protect your claim files' },
  ];

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader title="Dashboard">
          {me.data ? `Welcome, ${me.data.firstName}.` : 'Welcome.'} {company.data ? `Here is where ${company.data.name} stands.` : ''}
        
      </PageHeader>

      <section aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="sr-only">Overview</h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard
            icon={<FolderOpen aria-hidden="true" className="size-4" />}
            label="Active claim files"
            value={plan ? `0 of ${plan.activeFiles}` : '0'}
            detail={plan ? `${plan.name} plan, billed by active files` : 'Billed by active files'}
          />
          <StatCard
            icon={<CalendarClock aria-hidden="true" className="size-4" />}
            label="Free trial"
            value={trialDaysLeft === null ? '—' : `${trialDaysLeft} days left`}
            detail={trialEndsAt ? `Ends ${trialEndsAt.toLocaleDateString()}, no credit card needed` : 'No trial'}
          />
          <StatCard icon={<Users aria-hidden="true" className="size-4" />} label="Team" value={String(memberCount)} detail="Members, unlimited on every plan" />
        </div>
      </section>

      <Card aria-labelledby="start-heading">
        <CardTitle id="start-heading">Get set up</CardTitle>
        <ul className="mt-3 flex flex-col gap-2">
          {steps.map((step) => (
            <li key={step.to}>
              <Link to={step.to} className="flex items-center gap-3 rounded-md px-2 py-2 text-slate-800 hover:bg-slate-50">
                <span className={step.done ? 'text-green-700' : 'text-blue-700'}>{step.icon}</span>
                <span className={step.done ? 'line-through decoration-slate-400' : ''}>{step.text}</span>
                {step.done && <span className="sr-only">(done)</span>}
              </Link>
            </li>
          ))}
        </ul>
      </Card>

      <Card aria-labelledby="next-heading" className="border-dashed border-slate-300 bg-slate-50 text-slate-700">
        <CardTitle id="next-heading">Projects, inspections and messages</CardTitle>
        <p className="mt-1 text-sm">
          Your claim pipeline, recent inspections and photos, tasks due and unread messages will show here once you create your
          first project or field inspection.
        </p>
      </Card>
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
