import { createFeedbackSchema, type FeedbackScreenshot } from '@ridgeline/shared/contracts/feedback';
import { SCREENSHOT_MAX_BYTES, SCREENSHOT_TOO_LARGE_MESSAGE, SCREENSHOT_TYPE_MESSAGE, SCREENSHOT_TYPES } from '@ridgeline/shared/domain/feedback';
import { PIXEL_BUDGET_TEXT } from '@ridgeline/shared/domain/images';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { SubmitButton } from '../../components/submit-button';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Form, FormError, FormField, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { FormRadioGroup } from '../../components/ui/radio-group';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { APP_VERSION } from '../../lib/app-version';
import { errorText } from '../../lib/error-text';
import { FEEDBACK_PAGE_PARAM } from '../../lib/feedback-link';
import { notify } from '../../lib/toast';
import { useSendFeedback } from './api/send-feedback';
import { useUploadScreenshot } from './api/upload-screenshot';
import { TYPE_CHOICES } from './feedback-words';
import { paths } from '../../lib/paths';
import { newId } from '../../offline/outbox/ids';

// What the user fills in; the app version and the screenshot (checked by the server when it is
// picked) are added when it is sent, and the browser comes with the request.
const formSchema = createFeedbackSchema.pick({ type: true, message: true, page: true });
type FormInput = z.input<typeof formSchema>;

const ACCEPT = SCREENSHOT_TYPES.join(',');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The screenshot as the form holds it: picked and being checked, kept by the server, or refused. */
type Screenshot =
  { state: 'checking'; file: File } | { state: 'kept'; file: File; preview: string; stored: FeedbackScreenshot } | { state: 'refused'; message: string } | null;

/** What the browser can say about a file before it is sent: its size and its declared type. */
function refusalBeforeUpload(file: File): string | null {
  if (file.size > SCREENSHOT_MAX_BYTES) return SCREENSHOT_TOO_LARGE_MESSAGE;
  if (file.type && !SCREENSHOT_TYPES.some((type) => type === file.type)) return SCREENSHOT_TYPE_MESSAGE;
  return null;
}

function ScreenshotField({ screenshot, onChoose, onRemove }: { screenshot: Screenshot; onChoose: (file: File) => void; onRemove: () => void }) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onChoose(file);
  };
  return (
    <div className="flex flex-col gap-2">
      <Field
        id={id}
        label="Screenshot (optional)"
        hint={`A PNG, JPEG, WebP or GIF image of up to ${SCREENSHOT_MAX_BYTES / 1024 / 1024} MB and ${PIXEL_BUDGET_TEXT}. Only the Ridgeline team sees it.`}
        error={screenshot?.state === 'refused' ? screenshot.message : undefined}
      >
        <Input type="file" accept={ACCEPT} onChange={onChange} disabled={screenshot?.state === 'checking'} className="border-0 px-0" />
      </Field>
      {screenshot?.state === 'checking' && (
        <p role="status" className="text-sm text-slate-800">
          Checking the screenshot…
        </p>
      )}
      {screenshot?.state === 'kept' && (
        <figure className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <img
            src={screenshot.preview}
            alt="The screenshot you picked"
            className="max-h-48 w-auto max-w-full rounded-md border border-slate-300 object-contain"
          />
          <figcaption className="flex flex-col items-start gap-1 text-sm text-slate-800">
            <span className="break-all">
              {screenshot.file.name}, {screenshot.stored.width} x {screenshot.stored.height} pixels, {megabytes(screenshot.stored.byteSize)}
            </span>
            <Button variant="secondary" size="sm" onClick={onRemove}>
              Remove the screenshot
            </Button>
          </figcaption>
        </figure>
      )}
    </div>
  );
}

/**
 * The screenshot picked for the form: checked by the server as soon as it is picked; its preview is
 * let go when it changes. The form's draft id (made once) lets the server replace the image picked
 * before, so another pick never leaves the first one stored.
 */
function useScreenshot() {
  const upload = useUploadScreenshot();
  const [draftId] = useState(() => newId());
  const [screenshot, setScreenshot] = useState<Screenshot>(null);
  const preview = screenshot?.state === 'kept' ? screenshot.preview : null;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (file: File) => {
    const refused = refusalBeforeUpload(file);
    if (refused) return setScreenshot({ state: 'refused', message: refused });
    setScreenshot({ state: 'checking', file });
    upload.mutate(
      { file, draftId },
      {
        onSuccess: (stored) => setScreenshot({ state: 'kept', file, stored, preview: URL.createObjectURL(file) }),
        onError: (error) => setScreenshot({ state: 'refused', message: errorText(error) }),
      },
    );
  };
  return { screenshot, choose, remove: () => setScreenshot(null), refuse: (message: string) => setScreenshot({ state: 'refused', message }) };
}

/** /feedback: a problem, an idea or a question for the Ridgeline team, about a page (filled in from the page's help), with a screenshot. */
export default function FeedbackPage() {
  useDocumentTitle('Feedback');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const send = useSendFeedback();
  const { screenshot, choose, remove, refuse } = useScreenshot();
  const form = useZodForm(formSchema, { defaultValues: { type: 'problem', message: '', page: params.get(FEEDBACK_PAGE_PARAM) ?? '' } satisfies FormInput });

  const submit = async (values: z.output<typeof formSchema>) => {
    try {
      const item = await send.mutateAsync({ ...values, appVersion: APP_VERSION, screenshotId: screenshot?.state === 'kept' ? screenshot.stored.id : null });
      notify.success('Feedback sent', 'Thank you. Its status and the replies are in your Feedback Loop.');
      void navigate(paths.feedbackItem(item.id));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'FEEDBACK_SCREENSHOT_MISSING') refuse(errorText(error));
      else showErrorOnForm(form)(error);
    }
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <PageHeader title="Feedback">
        Tell the Ridgeline team about a problem, an idea or a question. The team reads every one and answers in your Feedback Loop.
      </PageHeader>
      <CardDiv>
        <Form form={form} onSubmit={submit} aria-label="Send feedback" className="gap-5">
          <FormRadioGroup<FormInput> name="type" legend="What is it?" options={TYPE_CHOICES} />
          <FormField name="message" label="Your message" control="textarea" rows={6} hint="What happened, what you expected, or what you would like." />
          <FormField
            name="page"
            label="The page it is about (optional)"
            hint="Filled in when you open this form from a page's Help. Leave it empty if it is not about one page."
          />
          <ScreenshotField screenshot={screenshot} onChoose={choose} onRemove={remove} />
          <p className="text-sm text-slate-700">Sent with it: the app version ({APP_VERSION}) and your browser, to help the team reproduce what you saw.</p>
          <FormError />
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <SubmitButton
              isSubmitting={form.formState.isSubmitting || screenshot?.state === 'checking'}
              busyText={screenshot?.state === 'checking' ? 'Checking the screenshot…' : 'Sending…'}
              className="w-full sm:w-auto"
            >
              Send feedback
            </SubmitButton>
            <Link to={paths.feedbackLoop} className="inline-flex min-h-11 items-center text-blue-800 underline underline-offset-2">
              Your Feedback Loop
            </Link>
          </div>
        </Form>
      </CardDiv>
    </div>
  );
}
