import { ArrowLeft, FolderOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Adjuster, CarrierDetail } from '@ridgeline/shared/contracts/carriers';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useCarrier } from './api/carrier';
import { AdjusterFormDialog } from './adjuster-form-dialog';
import { AdjusterList } from './adjuster-list';
import { CarrierFormDialog } from './carrier-form-dialog';
import { ContactLinks, EmailLink, PhoneLink, PortalLink } from './contact-links';
import { useConfirmDeleteCarrier } from './confirm-delete';
import { DIRECTORY_RIGHTS_TEXT, useDirectoryRights } from './directory-rights';
import { paths } from '../../lib/paths';
import { TitledSection } from '../../components/titled-section';

const BACK_LINK = 'inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-blue-800 underline-offset-2 hover:underline';

function BackToDirectory() {
  return (
    <Link to={paths.companies} className={BACK_LINK}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      All carriers
    </Link>
  );
}

function Details({ detail }: { detail: CarrierDetail }) {
  const { carrier } = detail;
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  const remove = useConfirmDeleteCarrier(() => void navigate(paths.companies, { replace: true }));
  const hasContact = carrier.claimsPhone || carrier.claimsEmail || carrier.portalUrl;
  const rights = useDirectoryRights();
  const canChange = rights.canChange(carrier);
  return (
    <Card aria-labelledby="details-heading" className="flex flex-col gap-3">
      <CardTitle id="details-heading">Details</CardTitle>
      {hasContact ? (
        <ContactLinks>
          {carrier.claimsPhone && <PhoneLink phone={carrier.claimsPhone} label={`Call the ${carrier.name} claims line`} />}
          {carrier.claimsEmail && <EmailLink email={carrier.claimsEmail} label={`Email ${carrier.name} claims`} />}
          {carrier.portalUrl && <PortalLink url={carrier.portalUrl} label={`${carrier.name} portal`} />}
        </ContactLinks>
      ) : (
        <p className="text-sm text-slate-700">No claims phone, email or portal yet: edit the carrier to add them.</p>
      )}
      {carrier.notes && <p className="text-sm whitespace-pre-line text-slate-800">{carrier.notes}</p>}
      {(canChange || rights.canDelete) && (
        <div className="flex flex-wrap gap-2">
          {canChange && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit carrier
            </Button>
          )}
          {rights.canDelete && (
            <Button variant="destructive-outline" onClick={() => remove.run(carrier)} disabled={remove.isPending}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete carrier
            </Button>
          )}
        </div>
      )}
      {rights.limited && <p className="text-sm text-slate-700">{DIRECTORY_RIGHTS_TEXT}</p>}
      <CarrierFormDialog open={editing} onOpenChange={setEditing} carrier={carrier} />
    </Card>
  );
}

function Adjusters({ detail }: { detail: CarrierDetail }) {
  const [editing, setEditing] = useState<{ open: boolean; row?: Adjuster }>({ open: false });
  return (
    <TitledSection
      id="adjusters-heading"
      title="Adjusters"
      action={
        <Button variant="secondary" onClick={() => setEditing({ open: true })}>
          <Plus aria-hidden="true" className="size-4" />
          Add adjuster
        </Button>
      }
    >
      {detail.adjusters.length === 0 ? (
        <EmptyState>
          <p>No adjusters of {detail.carrier.name} yet. Add the ones you meet so their phone and email are one tap away.</p>
        </EmptyState>
      ) : (
        <AdjusterList
          label={`Adjusters of ${detail.carrier.name}`}
          adjusters={detail.adjusters}
          showCarrier={false}
          onEdit={(row) => setEditing({ open: true, row })}
        />
      )}
      <AdjusterFormDialog
        open={editing.open}
        onOpenChange={(open) => !open && setEditing({ open: false })}
        adjuster={editing.row}
        carrierId={detail.carrier.id}
      />
    </TitledSection>
  );
}

function Projects({ detail }: { detail: CarrierDetail }) {
  return (
    <TitledSection id="projects-heading" title="Claim files">
      {detail.projects.length === 0 ? (
        <EmptyState icon={<FolderOpen aria-hidden="true" className="size-8 text-slate-500" />}>
          <p>No claim files with {detail.carrier.name} yet. Pick this carrier when you create a claim file and it will be listed here.</p>
          <Link to={paths.newProject} className={BACK_LINK}>
            Create a claim file
          </Link>
        </EmptyState>
      ) : (
        <ul aria-label={`Claim files with ${detail.carrier.name}`} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {detail.projects.map((project) => (
            <li key={project.id}>
              <Link to={paths.project(project.id)} className="flex min-h-11 flex-col px-4 py-3 hover:bg-slate-50">
                <span className="font-semibold text-blue-800">{project.title}</span>
                <span className="text-sm text-slate-700">
                  {project.homeownerName} · {[project.street, project.city].filter(Boolean).join(', ')}
                  {project.claimNumber && ` · Claim ${project.claimNumber}`}
                  {!project.isActive && ' · Closed'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

/** /companies/:id: one carrier with its details (editable), its adjusters and its projects. */
export default function CarrierPage() {
  const { id = '' } = useParams();
  const carrier = useCarrier(id);
  const name = carrier.data?.carrier.name ?? null;
  useDocumentTitle(name ?? 'Carrier');
  // Another company's carrier, a deleted one and an id that is not one (400) are all simply not in the directory.
  const notFound = carrier.error instanceof ApiError && (carrier.error.status === 404 || carrier.error.status === 400);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <BackToDirectory />
      {carrier.isPending && <p role="status">Loading the carrier…</p>}
      {notFound && (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Carrier not found</h1>
          <p className="text-slate-700">This carrier is not in your directory. It may have been deleted.</p>
        </>
      )}
      {carrier.isError && !notFound && <Alert>{errorText(carrier.error)}</Alert>}
      {carrier.data && (
        <>
          <header>
            <h1 className="text-2xl font-bold text-slate-900">{carrier.data.carrier.name}</h1>
            <p className="mt-1 text-slate-700">Insurance carrier in your directory.</p>
          </header>
          <Details detail={carrier.data} />
          <Adjusters detail={carrier.data} />
          <Projects detail={carrier.data} />
        </>
      )}
    </div>
  );
}
