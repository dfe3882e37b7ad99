import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { Alert } from '../../components/ui/alert';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { useCompany } from '../../lib/api/company';
import { useMe } from '../../lib/api/me';
import { errorText } from '../../lib/error-text';
import { usePriceList } from './api/price-list';
import { PriceListEditor } from './settings/price-list-editor';
import { PriceListImport } from './settings/price-list-import';
import { PriceListTable } from './settings/price-list-table';
import { IceBarrierForm } from './settings/ice-barrier-settings';
import { ThresholdForm } from './settings/threshold-settings';

// The estimating part of /settings: the hail-hit threshold the analysis uses, where estimates charge
// ice and water barrier (the company's jurisdiction), and the price list estimate lines are priced from (edited row by row, imported from CSV, or reset to the defaults).
// Owners and managers change them; everyone else reads them.

function PriceListSection({ canEdit, roleKnown }: { canEdit: boolean; roleKnown: boolean }) {
  const list = usePriceList();
  return (
    <Card aria-labelledby="price-list-heading" className="flex flex-col gap-4">
      <div>
        <CardTitle id="price-list-heading">Price list</CardTitle>
        <CardDescription>
          Unit prices of estimate lines. Formula items are priced from the roof’s measurements; add items of your own for anything else.
        </CardDescription>
      </div>
      {roleKnown && !canEdit && <p className="text-sm text-slate-700">Only company owners and managers can change the price list.</p>}
      {list.isPending && <p role="status">Loading the price list…</p>}
      {list.isError && <Alert>{errorText(list.error)}</Alert>}
      {list.data &&
        roleKnown &&
        (canEdit ? (
          <>
            <PriceListEditor key={JSON.stringify(list.data.items)} list={list.data} />
            <section aria-labelledby="price-import-heading" className="flex flex-col gap-2 border-t border-slate-200 pt-4">
              <h3 id="price-import-heading" className="text-base font-semibold text-slate-900">
                Import CSV
              </h3>
              <PriceListImport current={list.data} />
            </section>
          </>
        ) : (
          <PriceListTable caption="Price list" items={list.data.items} />
        ))}
    </Card>
  );
}

/** The "Hail-hit threshold", "Ice and water barrier" and "Price list" cards of /settings. */
export function EstimatingSettings() {
  const me = useMe();
  const company = useCompany();
  const canEdit = me.data?.company ? canManageCompany(me.data.company.role) : false;
  return (
    <>
      <Card aria-labelledby="threshold-heading" className="flex flex-col gap-4">
        <div>
          <CardTitle id="threshold-heading">Hail-hit threshold</CardTitle>
          <CardDescription>When the analysis of an inspection recommends replacing the roof.</CardDescription>
        </div>
        {me.data && !canEdit && <p className="text-sm text-slate-700">Only company owners and managers can change the threshold.</p>}
        {company.isError && <Alert>{errorText(company.error)}</Alert>}
        {company.data && <ThresholdForm key={company.data.hailHitThreshold} company={company.data} canEdit={canEdit} />}
      </Card>
      <Card aria-labelledby="ice-barrier-heading" className="flex flex-col gap-4">
        <div>
          <CardTitle id="ice-barrier-heading">Ice and water barrier</CardTitle>
          <CardDescription>
            Whether estimates charge an ice barrier at the eaves, as your jurisdiction requires. Valleys are lined either way, and no area is charged two
            underlayments.
          </CardDescription>
        </div>
        {me.data && !canEdit && <p className="text-sm text-slate-700">Only company owners and managers can change the ice barrier.</p>}
        {company.data && <IceBarrierForm key={JSON.stringify([company.data.iceBarrier, company.data.address])} company={company.data} canEdit={canEdit} />}
      </Card>
      <PriceListSection canEdit={canEdit} roleKnown={Boolean(me.data)} />
    </>
  );
}
