import { UserRound } from 'lucide-react';
import { updateMeSchema, type Me, type UpdateMeInput } from '@ridgeline/shared/contracts/team';
import { Alert } from '../../components/ui/alert';
import { CardDiv } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMe } from '../../lib/api/me';
import { errorText } from '../../lib/error-text';
import { useUpdateMe, useUploadAvatar } from './api/me-api';
import { PageHeader } from '../../components/page-header';
import { saveWithToasts } from '../../lib/save-with-toasts';
import { ImageUploadCard } from '../../components/image-upload-card';
import { SubmitButton } from '../../components/submit-button';

/** /profile: the signed-in user's name, phone and photo, as the team sees them. */
export default function ProfilePage() {
  useDocumentTitle('Profile');
  const me = useMe();
  const upload = useUploadAvatar();

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader title="Profile">How your name and photo appear to your team.</PageHeader>
      {me.isPending && <p role="status">Loading your profile…</p>}
      {me.isError && <Alert>{errorText(me.error)}</Alert>}
      {me.data && (
        <>
          <ImageUploadCard
            label="Profile photo"
            headingId="photo-heading"
            fieldId="avatar"
            src={me.data.avatarUrl}
            alt="Your profile photo"
            imageClassName="size-16 rounded-full object-cover"
            icon={UserRound}
            placeholderClassName="flex size-16 items-center justify-center rounded-full bg-slate-100"
            upload={upload}
            success={['Photo updated', 'Your profile photo has been changed.']}
          />

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
