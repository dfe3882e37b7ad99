import { UserRound } from 'lucide-react';
import { updateMeSchema, type Me, type UpdateMeInput } from '@ridgeline/shared/contracts/team';
import { Alert } from '../../components/ui/alert';
import { Card, CardDiv } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMe } from '../../lib/api/me';
import { errorText } from '../../lib/error-text';
import { useUpdateMe, useUploadAvatar } from './api/me-api';
import { PageHeader } from '../../components/page-header';
import { saveWithToasts } from '../../lib/save-with-toasts';
import { uploadOnChoose } from '../../lib/upload-on-choose';
import { SubmitButton } from '../../components/submit-button';

/** /profile: the signed-in user's name, phone and photo, as the team sees them. */
export default function ProfilePage() {
  useDocumentTitle('Profile');
  const me = useMe();
  const upload = useUploadAvatar();

  const onAvatar = uploadOnChoose(upload, ['Photo updated', 'Your profile photo has been changed.']);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader title="Profile">How your name and photo appear to your team.</PageHeader>
      {me.isPending && <p role="status">Loading your profile…</p>}
      {me.isError && <Alert>{errorText(me.error)}</Alert>}
      {me.data && (
        <>
          <Card aria-labelledby="photo-heading" className="flex items-center gap-4">
            <h2 id="photo-heading" className="sr-only">
              Profile photo
            </h2>
            {me.data.avatarUrl ? (
              <img src={me.data.avatarUrl} alt="Your profile photo" className="size-16 rounded-full object-cover" />
            ) : (
              <span className="flex size-16 items-center justify-center rounded-full bg-slate-100" aria-hidden="true">
                <UserRound className="size-8 text-slate-500" />
              </span>
            )}
            <div className="flex flex-col gap-1">
              <Field id="avatar" label="Profile photo" hint="JPEG, PNG, WebP or GIF, up to 5 MB.">
                <Input type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={onAvatar} className="border-0 px-0" />
              </Field>
              {upload.isPending && (
                <p role="status" className="text-sm">
                  Uploading…
                </p>
              )}
            </div>
          </Card>

          <ProfileForm key={me.data.id} me={me.data} />
        </>
      )}
    </div>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const update = useUpdateMe();
  const form = useZodForm(updateMeSchema, { defaultValues: { firstName: me.firstName, lastName: me.lastName, phone: me.phone ?? '' } });

  const submit = saveWithToasts<UpdateMeInput>(update, ['Profile updated', 'Your details have been saved.'], 'Profile update failed');

  return (
    <CardDiv>
      <Form form={form} onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="firstName" id="firstName" label="First name" />
          <FormField name="lastName" id="lastName" label="Last name" />
        </div>
        <FormField name="phone" id="phone" label="Phone" type="tel" />
        <Field id="email" label="Email">
          <Input value={me.email} readOnly className="bg-slate-50 text-slate-700" />
        </Field>
        <div>
          <SubmitButton isSubmitting={update.isPending} busyText="Saving…">
            Save profile
          </SubmitButton>
        </div>
      </Form>
    </CardDiv>
  );
}
