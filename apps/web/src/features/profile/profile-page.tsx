import { useState, type ChangeEvent, type FormEvent } from 'react';
import { UserRound } from 'lucide-react';
import { updateMeSchema, type Me } from '@ridgeline/shared/contracts/team';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useMe } from '../../lib/api/me';
import { useUpdateMe, useUploadAvatar } from './api/me-api';

const inputClass = 'rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-blue-600';

function ProfileForm({ me }: { me: Me }) {
  const update = useUpdateMe();
  const [form, setForm] = useState({ firstName: me.firstName, lastName: me.lastName, phone: me.phone ?? '' });
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateMeSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check your input and try again.');
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => notify.success('Profile updated', 'Your details have been saved.'),
      onError: (e) => notify.error('Profile update failed', errorText(e)),
    });
  };

  return (
          <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4" noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1">
                <label htmlFor="firstName" className="text-sm font-medium text-slate-800">First name</label>
                <input id="firstName" value={form.firstName} onChange={(e) => setForm({ ...form, firstName: e.target.value })} className={inputClass} />
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor="lastName" className="text-sm font-medium text-slate-800">Last name</label>
                <input id="lastName" value={form.lastName} onChange={(e) => setForm({ ...form, lastName: e.target.value })} className={inputClass} />
              </div>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="phone" className="text-sm font-medium text-slate-800">Phone</label>
              <input id="phone" type="tel" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} className={inputClass} />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="email" className="text-sm font-medium text-slate-800">Email</label>
              <input id="email" value={me.email} readOnly className={`${inputClass} bg-slate-50 text-slate-700`} />
            </div>
            {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
            <div>
              <button type="submit" disabled={update.isPending} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60">
                {update.isPending ? 'Saving…' : 'Save profile'}
              </button>
            </div>
          </form>
  );
}

export default function ProfilePage() {
  useDocumentTitle('Profile');
  const me = useMe();
  const upload = useUploadAvatar();

  const onAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => notify.success('Photo updated', 'Your profile photo has been changed.'),
      onError: (e) => notify.error('Upload failed', errorText(e)),
    });
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
        <p className="mt-1 text-slate-700">How your name and photo appear to your team.</p>
      </header>
      {me.isPending && <p role="status">Loading your profile…</p>}
      {me.isError && <p role="alert" className="text-red-700">{errorText(me.error)}</p>}
      {me.data && (
        <>
          <section aria-labelledby="photo-heading" className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="photo-heading" className="sr-only">Profile photo</h2>
            {me.data.avatarUrl ? (
              <img src={me.data.avatarUrl} alt="Your profile photo" className="size-16 rounded-full object-cover" />
            ) : (
              <span className="flex size-16 items-center justify-center rounded-full bg-slate-100" aria-hidden="true">
                <UserRound className="size-8 text-slate-500" />
              </span>
            )}
            <div className="flex flex-col gap-1">
              <label htmlFor="avatar" className="text-sm font-medium text-slate-800">
                Profile photo
              </label>
              <input id="avatar" type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={onAvatar} className="text-sm" />
              <p className="text-xs text-slate-600">JPEG, PNG, WebP or GIF, up to 5 MB.</p>
              {upload.isPending && <p role="status" className="text-sm">Uploading…</p>}
            </div>
          </section>

          <ProfileForm key={me.data.id} me={me.data} />
        </>
      )}
    </div>
  );
}
