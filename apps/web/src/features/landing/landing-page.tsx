import { useEffect } from 'react';
import { PLANS, TRIAL_DAYS } from '@ridgeline/shared/domain/plans';
import { useDocumentTitle } from '../../components/use-document-title';
import { BrandName } from '../../components/brand-mark';
import { redirectSignedInVisitor } from './landing-redirect';
import { paths } from '../../lib/paths';

// The public landing page. It imports nothing from the signed-in app (no router, query client,
// session machine or layout) so it stays small; signed-in visitors are sent to the dashboard.
// Its links are plain anchors and nothing on it needs React to work: the build renders it to HTML
// (landing.html, see landing-document.tsx), and it also renders on its own entry (landing-entry.tsx)
// and in the router.

const WHY = [
  {
    title: 'No lost photos',
    text: 'Field capture keeps working with no signal. Every photo is queued on the phone, retried, and checked in with GPS, time and a checksum.',
  },
  {
    title: 'Claim files adjusters accept',
    text: 'Photos print in the order adjusters read them: overview, elevations, each slope with its test square, collateral, interior.',
  },
  { title: 'Priced per active file', text: 'Pay for the claims you are working, not for seats. Bring your whole crew and office: users are unlimited.' },
  { title: 'Built for storm work', text: 'Loss types, carriers, adjusters, supplements and depreciation are first-class, not custom fields.' },
];

const WORKFLOW = [
  { step: 'Inspect', text: 'Guided capture per phase and elevation, test squares with hit counts, works offline on the roof.' },
  { step: 'Document', text: 'Photo reports and annotated photos, ready as a PDF for the adjuster.' },
  { step: 'Estimate', text: 'Measurements to squares with waste, line items, RCV, ACV and O&P, plus supplements for what the scope missed.' },
  { step: 'Submit', text: 'A claim packet with cover letter, photos, measurements, estimate and shingle ID.' },
  { step: 'Get paid', text: 'Track approval, build, depreciation release and payment for every file.' },
];

const REPLACED = [
  'CompanyCam for job photos',
  'AccuLynx or JobNimbus for the claim pipeline',
  'Spreadsheets of claim numbers and adjusters',
  'Paper inspection forms',
  'Group texts with the crew',
  'Separate PDF report builders',
];

/** Where a free trial starts: the sign-up form, with the plan chosen here when there is one. */
const trialHref = (plan?: string) => paths.signUp(plan);

const cta = 'inline-flex items-center justify-center rounded-md px-5 py-3 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';

export default function LandingPage() {
  useDocumentTitle(null);
  useEffect(() => {
    let active = true;
    void redirectSignedInVisitor(() => active);
    return () => {
      active = false;
    };
  }, []);

  return (
    <div className="bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
          <a href={paths.home} className="flex items-center gap-2 text-xl font-bold text-blue-950">
            <BrandName className="size-8" />
          </a>
          <nav aria-label="Site" className="flex items-center gap-4">
            <a href="#pricing" className="hidden text-sm font-medium text-slate-700 hover:text-slate-900 sm:inline">
              Pricing
            </a>
            <a href={paths.auth} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50">
              Sign In
            </a>
          </nav>
        </div>
      </header>

      <main>
        <section className="bg-gradient-to-b from-blue-950 to-blue-900 text-white">
          <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-20">
            <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">For roofing and exterior contractors who work insurance claims</p>
            <h1 className="max-w-3xl text-4xl font-extrabold sm:text-5xl">The complete claims management system, from the roof to the check.</h1>
            <p className="max-w-2xl text-lg text-blue-100">
              Field inspections that never lose a photo, reports adjusters can't argue with, estimates, supplements, team chat and payments in one place. Priced
              by active claim files, with unlimited users.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <a href={trialHref()} className={`${cta} bg-amber-400 text-blue-950 hover:bg-amber-300`}>
                Start 14-Day Free Trial
              </a>
              <a href="#pricing" className={`${cta} border border-blue-200 text-white hover:bg-blue-800`}>
                See Smart Pricing
              </a>
            </div>
            <p className="text-sm text-blue-100">{TRIAL_DAYS}-day free trial. No credit card required.</p>
          </div>
        </section>

        <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="why-heading" className="text-3xl font-bold text-slate-900">
            Why contractors choose Ridgeline
          </h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-2">
            {WHY.map((item) => (
              <div key={item.title} className="rounded-lg border border-slate-200 p-6">
                <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 text-slate-700">{item.text}</p>
              </div>
            ))}
          </div>
        </section>

        <section aria-labelledby="workflow-heading" className="bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2 id="workflow-heading" className="text-3xl font-bold text-slate-900">
              One workflow for every claim
            </h2>
            <ol className="mt-8 grid gap-4 md:grid-cols-5">
              {WORKFLOW.map((item, index) => (
                <li key={item.step} className="rounded-lg bg-white p-5 shadow-sm">
                  <span className="text-sm font-semibold text-blue-800">Step {index + 1}</span>
                  <h3 className="mt-1 text-lg font-semibold text-slate-900">{item.step}</h3>
                  <p className="mt-2 text-sm text-slate-700">{item.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section id="pricing" aria-labelledby="pricing-heading" className="mx-auto max-w-6xl scroll-mt-4 px-4 py-16">
          <h2 id="pricing-heading" className="text-3xl font-bold text-slate-900">
            Smart pricing: pay per active file
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700">
            Billed by active (concurrent) claim files, not by users. Team members are unlimited on every plan. Every plan starts with a {TRIAL_DAYS}-day free
            trial, no credit card required.
          </p>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {PLANS.map((plan) => (
              <li
                key={plan.id}
                className={`flex flex-col gap-4 rounded-lg border p-6 ${plan.mostPopular ? 'border-blue-800 ring-2 ring-blue-800' : 'border-slate-200'}`}
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
                  {plan.mostPopular && <span className="rounded-full bg-blue-800 px-3 py-1 text-xs font-semibold text-white">Most Popular</span>}
                </div>
                <p>
                  <span className="text-4xl font-extrabold text-slate-900">${plan.priceMonthlyUsd}</span>
                  <span className="text-slate-700"> per month</span>
                </p>
                <ul className="flex flex-col gap-1 text-sm text-slate-700">
                  <li>Up to {plan.activeFiles} active files</li>
                  <li>Unlimited users</li>
                  <li>{TRIAL_DAYS}-day free trial, no credit card</li>
                </ul>
                <a
                  href={trialHref(plan.id)}
                  className={`${cta} mt-auto text-sm ${plan.mostPopular ? 'bg-blue-800 text-white hover:bg-blue-900' : 'border border-slate-300 text-slate-900 hover:bg-slate-50'}`}
                >
                  Start free trial<span className="sr-only"> on the {plan.name} plan</span>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="replaced-heading" className="bg-blue-950 text-white">
          <div className="mx-auto max-w-6xl px-4 py-16">
            <h2 id="replaced-heading" className="text-3xl font-bold">
              The tools Ridgeline replaces
            </h2>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {REPLACED.map((tool) => (
                <li key={tool} className="rounded-md bg-blue-900 px-4 py-3 text-blue-50">
                  {tool}
                </li>
              ))}
            </ul>
            <a href={trialHref()} className={`${cta} mt-8 bg-amber-400 text-blue-950 hover:bg-amber-300`}>
              Start 14-Day Free Trial
            </a>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-slate-700 sm:flex-row sm:justify-between">
          <p>
            © <span data-current-year="">{new Date().getFullYear()}</span> Ridgeline. Claims management for roofing contractors.
          </p>
          <a href={paths.auth} className="font-semibold text-blue-800 hover:underline">
            Sign In
          </a>
        </div>
      </footer>
    </div>
  );
}
