import { PRICE_CODES, pricedList, type PriceCode } from '@ridgeline/shared/domain/estimate';
import type { PriceList, PriceListItem } from '@ridgeline/shared/contracts/estimating';
import type { Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import { assertCanEditPriceList } from './estimating.policy';
import { listPriceListItems, lockCompanyForPriceList, replacePriceListItems, type PriceListRow } from './price-list.repository';

export type PriceListServiceDeps = { db: Db };

const isPriceCode = (value: string): value is PriceCode => (PRICE_CODES as readonly string[]).includes(value);

function present(row: PriceListRow): PriceListItem {
  return {
    code: row.code !== null && isPriceCode(row.code) ? row.code : null,
    description: row.description,
    unit: row.unit,
    unitPriceCents: row.unitPriceCents,
  };
}

/**
 * The company's price list as the estimate prices it (`pricedList`): its saved items (one still as an
 * earlier version shipped its default reads as today's default), then the default of every formula
 * code it does not price; the defaults while it has saved none.
 */
async function readPriceList(db: Db | DbTx, companyId: string): Promise<PriceListItem[]> {
  return pricedList((await listPriceListItems(db, companyId)).map(present));
}

/**
 * The company's unit prices. Every member reads them; owners and managers replace the whole list in
 * one transaction (an empty list brings the defaults back).
 */
export function createPriceListService({ db }: PriceListServiceDeps) {
  async function get(tenant: Tenant): Promise<PriceList> {
    return { items: await readPriceList(db, tenant.companyId) };
  }

  async function replace(tenant: Tenant, input: PriceList): Promise<PriceList> {
    assertCanEditPriceList(tenant);
    await db.transaction(async (tx) => {
      if (!(await lockCompanyForPriceList(tx, tenant.companyId))) throw new AppError('NO_COMPANY');
      await replacePriceListItems(tx, tenant.companyId, input.items);
    });
    return get(tenant);
  }

  return { get, replace };
}

export type PriceListService = ReturnType<typeof createPriceListService>;
