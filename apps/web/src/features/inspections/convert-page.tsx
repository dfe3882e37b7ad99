import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { convertSessionSchema, type ConvertSessionResult } from '@ridgeline/shared/contracts/estimating';
import type { ProjectSummary } from '@ridgeline/shared/contracts/projects';
import { LimitAlert } from '../../components/limit-alert';
import { Alert } from '../../components/ui/alert';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Form, FormError, showErrorOnForm, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { FormRadioGroup } from '../../components/ui/radio-group';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useOnline } from '../../lib/session/session-provider';
import { notify } from '../../lib/toast';
import { pullInspection, syncInspections, useLocalInspection, type LocalInspection } from '../../offline/inspection-store';
import { useQueuedPhotos } from '../../offline/upload-queue';
import { useConvertSession } from './api/convert-session';
import { useProjectChoices } from '../../lib/api/project-choices';
import { useSessionEstimates } from './api/session-estimates';
import { useSessionMeasurements } from './api/session-measurements';
import { isUnsynced, SessionScreen } from './components/session-screen';
import { StickySubmit } from '../../components/sticky-actions';
import { sessionAddress } from './session-words';
import { useFieldUser } from './use-field-user';
import { paths } from '../../lib/paths';

// /field-inspection/:sessionId/convert: the session becomes a claim file, new or existing. Its fields
// fill the file, and its photos, measurement and estimate versions move onto it (the same photos,
// not copies). A converted session answers its own claim file again, so converting twice never makes
// two. A new file needs a free active-file slot of the plan. Converting happens on the server: with
// no signal, or before the session has reached the server, the screen says so.

const convertFormSchema = z
  .object({ mode: z.enum(['new', 'attach']), projectId: z.string() })
  .superRefine((value, ctx) => {
    if (value.mode === 'attach' && value.projectId === '')
      ctx.addIssue({ code: 'custom', path: ['projectId'], message: 'Choose the claim file to attach this inspection to' });
  })
  .transform((value) => (value.mode === 'new' ? { mode: 'new' as const } : { mode: 'attach' as const, projectId: value.projectId }))
  .pipe(convertSessionSchema);

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 photos, 1 measurement and 2 estimate versions" */
function movedWords(result: Pick<ConvertSessionResult, 'photos' | 'measurements' | 'estimates'>): string {
  return `${count(result.photos, 'photo')}, ${count(result.measurements, 'measurement')} and ${count(result.estimates, 'estimate version')}`;
}

function projectLine(project: ProjectSummary): string {
  return [sessionAddress(project), project.claimNumber ? `Claim ${project.claimNumber}` : null, project.isActive ? null : 'closed'].filter(Boolean).join(' · ');
}

/** What moves with the session: the photos on the server, those still on this device, the measurement and the estimate versions. */
function WhatMoves({ session }: { session: LocalInspection }) {
  const queued = useQueuedPhotos({ sessionId: session.id }).filter((p) => p.status !== 'completed').length;
  const measurements = useSessionMeasurements(session.id, { enabled: true });
  const estimates = useSessionEstimates(session.id, { enabled: true });
  const counted = (query: { isPending: boolean; isError: boolean }, n: number | undefined, one: string, many?: string) =>
    query.isPending ? 'Counting…' : query.isError || n === undefined ? 'Could not be counted' : count(n, one, many);
  return (
    <Card aria-labelledby="moves-heading" className="flex flex-col gap-2">
      <CardTitle id="moves-heading">What moves to the claim file</CardTitle>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-base">
        <dt className="text-slate-700">Photos</dt>
        <dd className="text-slate-900">{count(session.photoCount, 'photo')}</dd>
        <dt className="text-slate-700">Measurements</dt>
        <dd className="text-slate-900">{counted(measurements, measurements.data?.measurements.length, 'measurement')}</dd>
        <dt className="text-slate-700">Estimate versions</dt>
        <dd className="text-slate-900">{counted(estimates, estimates.data?.estimates.length, 'version')}</dd>
      </dl>
      <CardDescription>
        The address, homeowner, loss and insurance details fill the claim file. Photos move as they are: the same photos, not copies.
      </CardDescription>
      {queued > 0 && (
        <Alert tone="warning">
          {count(queued, 'photo is', 'photos are')} still waiting to upload from this device. Convert once they are uploaded so they move with the rest.
        </Alert>
      )}
    </Card>
  );
}

function ProjectChoices({ search }: { search: string }) {
  const choices = useProjectChoices(search, { enabled: true });
  if (choices.isPending) return <p role="status">Loading claim files…</p>;
  if (choices.isError) return <Alert>{errorText(choices.error)}</Alert>;
  const projects = choices.data.projects;
  if (projects.length === 0)
    return <p className="text-base text-slate-800">{search.trim() ? 'No claim file matches that search.' : 'Your company has no claim file yet.'}</p>;
  return (
    <FormRadioGroup
      name="projectId"
      legend="Claim file to attach to"
      options={projects.map((p) => ({ value: p.id, label: p.title || p.homeownerName, description: projectLine(p) }))}
    />
  );
}

function ConvertForm({ session, userId }: { session: LocalInspection; userId: string }) {
  const navigate = useNavigate();
  const convert = useConvertSession(session.id);
  const [search, setSearch] = useState('');
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const converted = session.projectId !== null;
  const form = useZodForm(convertFormSchema, { defaultValues: { mode: 'new', projectId: '' } });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const activeFiles = useProjectChoices('', { enabled: !converted }).data?.activeFiles;

  async function submit(input: z.output<typeof convertFormSchema>) {
    setLimitMessage(null);
    try {
      // The claim file is filled from the server's copy: this device's last edits go first.
      if (isUnsynced(session)) await syncInspections(userId);
      // A converted session answers its own claim file, whichever way it is asked.
      const result = await convert.mutateAsync(converted ? { mode: 'new' } : input);
      await pullInspection(userId, session.id).catch(() => null);
      notify.success('Claim file ready', `${movedWords(result)} are on the claim file.`);
      void navigate(paths.project(result.projectId));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ACTIVE_FILE_LIMIT') {
        setLimitMessage(errorText(error));
        return;
      }
      showErrorOnForm(form)(error);
      notify.error('Not converted', errorText(error));
    }
  }

  return (
    <Form form={form} onSubmit={submit}>
      <Card aria-labelledby="convert-heading" className="flex flex-col gap-3">
        <CardTitle id="convert-heading">Claim file</CardTitle>
        {converted ? (
          <Alert tone="info" role="note">
            Already converted: this inspection is on a claim file.{' '}
            <Link to={paths.project(session.projectId ?? '')} className="font-semibold text-blue-800 underline underline-offset-2">
              Open the claim file
            </Link>
            . Converting again opens the same one and moves anything added since.
          </Alert>
        ) : (
          <>
            <FormRadioGroup
              name="mode"
              legend="Where this inspection goes"
              hideLegend
              options={[
                {
                  value: 'new',
                  label: 'Create a new claim file',
                  description: activeFiles
                    ? `Uses an active file of your plan: ${activeFiles.active} of ${activeFiles.limit} in use.`
                    : 'Uses an active file of your plan.',
                },
                { value: 'attach', label: 'Attach to an existing claim file', description: 'The claim file you choose keeps its own details.' },
              ]}
            />
            {mode === 'attach' && (
              <div className="flex flex-col gap-3">
                <Field id="project-search" label="Search claim files" hint="Homeowner, address, claim number or carrier.">
                  <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} className="min-h-12 text-base" autoComplete="off" />
                </Field>
                <ProjectChoices search={search} />
              </div>
            )}
          </>
        )}
        {limitMessage && <LimitAlert message={limitMessage} />}
        <FormError />
      </Card>
      <StickySubmit isSubmitting={form.formState.isSubmitting} busyText="Converting…">
        Convert
      </StickySubmit>
    </Form>
  );
}

function Convert({ session, userId }: { session: LocalInspection; userId: string | undefined }) {
  const online = useOnline();
  if (session.pendingCreate) {
    return (
      <Alert tone="warning" role="note">
        This inspection is only on this device so far. It is sent to the server as soon as there is a signal; then it can become a claim file.
      </Alert>
    );
  }
  if (!online) {
    return (
      <Alert tone="warning" role="note">
        No signal. A claim file is made on the server: open this screen again when you are back online. Everything you captured stays on this device until then.
      </Alert>
    );
  }
  return (
    <>
      <WhatMoves session={session} />
      {userId && <ConvertForm session={session} userId={userId} />}
    </>
  );
}

export default function ConvertPage() {
  useDocumentTitle('Convert to claim file');
  const { sessionId = '' } = useParams();
  const userId = useFieldUser()?.userId;
  const { session, loading } = useLocalInspection(sessionId, userId);
  return (
    <SessionScreen title="Convert to claim file" session={session} loading={loading}>
      {(loaded) => <Convert session={loaded} userId={userId} />}
    </SessionScreen>
  );
}
