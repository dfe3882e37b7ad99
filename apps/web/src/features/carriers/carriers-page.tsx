import { Landmark, Plus, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Adjuster, Carrier } from '@ridgeline/shared/contracts/carriers';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { RowActions } from './row-actions';
import { useAdjusters } from './api/adjusters';
import { useCarriers } from './api/carriers';
import { AdjusterFormDialog } from './adjuster-form-dialog';
import { AdjusterList } from './adjuster-list';
import { CarrierFormDialog } from './carrier-form-dialog';
import { ContactLinks, EmailLink, PhoneLink, PortalLink } from './contact-links';
import { useConfirmDeleteCarrier } from './confirm-delete';
import { DIRECTORY_RIGHTS_TEXT, useDirectoryRights } from './directory-rights';
import { useDebounced } from '../../lib/use-debounced';
import { paths } from '../../lib/paths';

export const CARRIERS_EMPTY_TEXT = 'Add the carriers you work with: their claims line, email and portal, so every claim file can pick them.';
export const ADJUSTERS_EMPTY_TEXT = 'Add the adjusters you meet on inspections: their phone, email and carrier, so the next call is one tap away.';

type Tab = 'carriers' | 'adjusters';

/** A dialog's state: closed, adding, or editing one row. */
type Editing<T> = { open: false } | { open: true; row?: T };

function SearchBox({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field id={id} label={label} className="flex-1">
      <Input type="search" value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" />
    </Field>
  );
}

const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function CarrierCard({ carrier, onEdit }: { carrier: Carrier; onEdit: (carrier: Carrier) => void }) {
  const remove = useConfirmDeleteCarrier();
  return (
    <CardDiv className="flex h-full flex-col gap-2">
      <div>
        <h3 className="text-base font-semibold">
          <Link to={paths.carrier(carrier.id)} className="inline-flex min-h-11 items-center text-blue-800 underline-offset-2 hover:underline">
            {carrier.name}
          </Link>
        </h3>
        <p className="text-sm text-slate-700">
          {countOf(carrier.projectCount, 'claim file', 'claim files')} · {countOf(carrier.adjusterCount, 'adjuster', 'adjusters')}
        </p>
      </div>
      {(carrier.claimsPhone || carrier.claimsEmail || carrier.portalUrl) && (
        <ContactLinks>
          {carrier.claimsPhone && <PhoneLink phone={carrier.claimsPhone} label={`Call the ${carrier.name} claims line`} />}
          {carrier.claimsEmail && <EmailLink email={carrier.claimsEmail} label={`Email ${carrier.name} claims`} />}
          {carrier.portalUrl && <PortalLink url={carrier.portalUrl} label={`${carrier.name} portal`} />}
        </ContactLinks>
      )}
      <RowActions name={carrier.name} entry={carrier} onEdit={() => onEdit(carrier)} onDelete={() => remove.run(carrier)} deleting={remove.isPending} />
    </CardDiv>
  );
}

function CarriersTab() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search);
  const carriers = useCarriers(q);
  const [editing, setEditing] = useState<Editing<Carrier>>({ open: false });
  const list = carriers.data?.carriers;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox id="carrier-search" label="Search carriers" value={search} onChange={setSearch} />
        <Button onClick={() => setEditing({ open: true })}>
          <Plus aria-hidden="true" className="size-4" />
          Add carrier
        </Button>
      </div>
      {carriers.isPending && <p role="status">Loading your carriers…</p>}
      {carriers.isError && <Alert>{errorText(carriers.error)}</Alert>}
      {list && list.length === 0 && !q.trim() && (
        <EmptyState icon={<Landmark aria-hidden="true" className="size-8 text-slate-500" />} title="No carriers yet">
          <p>{CARRIERS_EMPTY_TEXT}</p>
        </EmptyState>
      )}
      {list && list.length === 0 && q.trim() && <p role="status">No carrier matches “{q.trim()}”.</p>}
      {list && list.length > 0 && (
        <ul aria-label="Carriers" className="grid gap-3 md:grid-cols-2">
          {list.map((carrier) => (
            <li key={carrier.id}>
              <CarrierCard carrier={carrier} onEdit={(row) => setEditing({ open: true, row })} />
            </li>
          ))}
        </ul>
      )}
      <CarrierFormDialog open={editing.open} onOpenChange={(open) => !open && setEditing({ open: false })} carrier={editing.open ? editing.row : undefined} />
    </div>
  );
}

function AdjustersTab() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search);
  const adjusters = useAdjusters(q);
  const [editing, setEditing] = useState<Editing<Adjuster>>({ open: false });
  const list = adjusters.data?.adjusters;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox id="adjuster-search" label="Search adjusters" value={search} onChange={setSearch} />
        <Button onClick={() => setEditing({ open: true })}>
          <Plus aria-hidden="true" className="size-4" />
          Add adjuster
        </Button>
      </div>
      {adjusters.isPending && <p role="status">Loading your adjusters…</p>}
      {adjusters.isError && <Alert>{errorText(adjusters.error)}</Alert>}
      {list && list.length === 0 && !q.trim() && (
        <EmptyState icon={<UserRound aria-hidden="true" className="size-8 text-slate-500" />} title="No adjusters yet">
          <p>{ADJUSTERS_EMPTY_TEXT}</p>
        </EmptyState>
      )}
      {list && list.length === 0 && q.trim() && <p role="status">No adjuster matches “{q.trim()}”.</p>}
      {list && list.length > 0 && <AdjusterList label="Adjusters" adjusters={list} onEdit={(row) => setEditing({ open: true, row })} />}
      <AdjusterFormDialog open={editing.open} onOpenChange={(open) => !open && setEditing({ open: false })} adjuster={editing.open ? editing.row : undefined} />
    </div>
  );
}

/** /companies: the carrier directory, carriers and the adjusters met, each searchable. */
export default function CarriersPage() {
  useDocumentTitle('Companies');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'adjusters' ? 'adjusters' : 'carriers';
  const onTab = (value: string) => setParams(value === 'adjusters' ? { tab: 'adjusters' } : {}, { replace: true });
  const { limited } = useDirectoryRights();

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader title="Companies">The insurance carriers you work with and the adjusters you meet: claims lines, emails and portals in one place.</PageHeader>
      {limited && <Alert tone="info">{DIRECTORY_RIGHTS_TEXT}</Alert>}
      <Tabs value={tab} onValueChange={onTab} className="flex flex-col gap-4">
        <TabsList aria-label="Directory">
          <TabsTrigger value="carriers">Carriers</TabsTrigger>
          <TabsTrigger value="adjusters">Adjusters</TabsTrigger>
        </TabsList>
        <TabsContent value="carriers">
          <CarriersTab />
        </TabsContent>
        <TabsContent value="adjusters">
          <AdjustersTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
