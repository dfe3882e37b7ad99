import { siteBannerSchema, type SiteBanner } from '@ridgeline/shared/contracts/maintenance';
import { SITE_BANNER_MAX_LENGTH } from '@ridgeline/shared/domain/site-banner';
import { SubmitButton } from '../../components/submit-button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Form, FormCheckbox, FormField, useZodForm } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useSaveSiteBanner } from './save-site-banner-api';
import { useSiteBanner } from './site-banner-api';

/** The admin's form: the banner's words and whether every signed-in page shows it. */
function SiteBannerForm({ banner }: { banner: SiteBanner }) {
  const save = useSaveSiteBanner();
  const form = useZodForm(siteBannerSchema, { defaultValues: banner });
  const submit = (input: SiteBanner) =>
    save
      .mutateAsync(input)
      .then((saved) => {
        form.reset(saved);
        notify.success('Site banner saved', saved.enabled ? 'Signed-in pages show the new words.' : 'The banner is off on every page.');
      })
      .catch((error: unknown) => notify.error('The site banner was not saved', errorText(error)));
  return (
    <Form form={form} onSubmit={submit} aria-label="Site banner" className="mt-3 gap-3">
      <FormField
        name="text"
        id="site-banner-text"
        label="Words"
        maxLength={SITE_BANNER_MAX_LENGTH}
        hint={`One line of plain text, up to ${SITE_BANNER_MAX_LENGTH} characters.`}
      />
      <FormCheckbox name="enabled" id="site-banner-enabled" label="Show the banner on every signed-in page" />
      <SubmitButton isSubmitting={form.formState.isSubmitting} busyText="Saving…" className="self-start">
        Save the banner
      </SubmitButton>
    </Form>
  );
}

/** The site banner section of /admin/maintenance. */
export function SiteBannerSection() {
  const banner = useSiteBanner();
  return (
    <Card aria-labelledby="site-banner-heading" className="p-5">
      <CardTitle id="site-banner-heading">Site banner</CardTitle>
      <CardDescription>
        The notice at the top of every signed-in page, for every company. Public pages never show it, and each person can dismiss it for the day.
      </CardDescription>
      {banner.isPending ? (
        <Skeleton className="mt-3 h-32" aria-label="Loading the site banner" />
      ) : banner.data ? (
        <SiteBannerForm banner={banner.data} />
      ) : (
        <p className="mt-3 text-sm text-slate-700">The site banner could not be read. Reload the page to try again.</p>
      )}
    </Card>
  );
}
