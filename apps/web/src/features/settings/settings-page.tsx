import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Building2 } from 'lucide-react';
import { updateCompanySchema, type Company } from '@ridgeline/shared/contracts/team';
import { PLANS } from '@ridgeline/shared/domain/plans';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useMe } from '../../lib/api/me';
import { useCompany } from '../../lib/api/company';
import { useUpdateCompany, useUploadLogo } from './api/company-api';

const inputClass = 'rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-blue-600 disabled:bg-slate-50';

function CompanyForm({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const update = useUpdateCompany();
  const [form, setForm] = useState({ name: company.name, phone: company.phone ?? '', address: company.address ?? '' });
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateCompanySchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check your input and try again.');
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => notify.success('Company updated', 'Your company profile has been saved.'),
      onError: (e) => notify.error('Company update failed', errorText(e)),
    });
  };

  return (
          <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4" noValidate>
            <div className="flex flex-col gap-1">
              <label htmlFor="company-name" className="text-sm font-medium text-slate-800">Company name</label>
              <input id="company-name" value={form.name} disabled={!canEdit} onChange={(e) => setForm({ ...form, name: e.target.value })} className={inputClass} />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="company-phone" className="text-sm font-medium text-slate-800">Phone</label>
              <input id="company-phone" type="tel" value={form.phone} disabled={!canEdit} onChange={(e) => setForm({ ...form, phone: e.target.value })} className={inputClass} />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="company-address" className="text-sm font-medium text-slate-800">Address</label>
              <textarea id="company-address" rows={2} value={form.address} disabled={!canEdit} onChange={(e) => setForm({ ...form, address: e.target.value })} className={inputClass} />
            </div>
            {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
            {canEdit && (
              <div>
                <button type="submit" disabled={update.isPending} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60">
                  {update.isPending ? 'Saving…' : 'Save company'}
                </button>
              </div>
            )}
          </form>
  );
}

export default function SettingsPage() {
  useDocumentTitle('Settings');
  const company = useCompany();
  const me = useMe();
  const upload = useUploadLogo();
  const canEdit = me.data?.company ? canManageCompany(me.data.company.role) : false;
  const plan = PLANS.find((p) => p.id === company.data?.plan);

  const onLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => notify.success('Logo updated', 'Your logo will appear on reports and documents.'),
      onError: (e) => notify.error('Upload failed', errorText(e)),
    });
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
        <p className="mt-1 text-slate-700">Your company profile, shown on photo reports and claim documents.</p>
      </header>
      {company.isPending && <p role="status">Loading your company…</p>}
      {company.isError && <p role="alert" className="text-red-700">{errorText(company.error)}</p>}
      {company.data && (
        <>
          {!canEdit && (
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Only company owners and managers can change these settings.
            </p>
          )}
          <section aria-labelledby="plan-heading" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">Plan</h2>
            <p className="mt-1 text-sm text-slate-700">
              {plan ? `${plan.name}: up to ${plan.activeFiles} active files, unlimited users.` : company.data.plan}
              {company.data.trialEndsAt && ` Free trial until ${new Date(company.data.trialEndsAt).toLocaleDateString()}.`}
            </p>
          </section>
          <section aria-labelledby="logo-heading" className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="logo-heading" className="sr-only">Company logo</h2>
            {company.data.logoUrl ? (
              <img src={company.data.logoUrl} alt={`${company.data.name} logo`} className="h-16 w-16 rounded object-contain" />
            ) : (
              <span className="flex size-16 items-center justify-center rounded bg-slate-100" aria-hidden="true">
                <Building2 className="size-8 text-slate-500" />
              </span>
            )}
            <div className="flex flex-col gap-1">
              <label htmlFor="logo" className="text-sm font-medium text-slate-800">Company logo</label>
              <input id="logo" type="file" accept="image/jpeg,image/png,image/webp,image/gif" disabled={!canEdit} onChange={onLogo} className="text-sm" />
              <p className="text-xs text-slate-600">JPEG, PNG, WebP or GIF, up to 5 MB.</p>
              {upload.isPending && <p role="status" className="text-sm">Uploading…</p>}
            </div>
          </section>
          <CompanyForm key={company.data.id} company={company.data} canEdit={canEdit} />
        </>
      )}
    </div>
  );
}
