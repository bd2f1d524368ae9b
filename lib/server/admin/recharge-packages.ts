import 'server-only';
// Recharge packages in the console (docs/admin.md "Money"): the ladder the brand's wallet page sells, priced in
// the brand's fiat currency. A package is added, repriced or withdrawn, never deleted: orders keep a snapshot of
// what they bought, and a package the brand no longer sells stays withdrawn for the record. Each change is one
// transaction with its audit row; the wallet page reads the packages fresh on every visit.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import type { Brand } from '@/lib/brand/registry';
import { rechargePackages, type RechargePackage } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { currencyDigits, minorUnits, type ConsoleRechargePackage, type ConsoleRechargePackages, type RechargePackageSaveInput } from '@/lib/validation/admin-money';
import { writeAudit, type AuditContext } from './audit';
import { fieldChanges } from './field-changes';

/** The price_minor column is a 32-bit integer. */
const maxPriceMinor = 2_147_483_647;

function consolePackage(row: RechargePackage): ConsoleRechargePackage {
  return { id: row.id, priceMinor: row.priceMinor, currency: row.currency, gems: row.diamond, bonus: row.bonus, enabled: row.enabled, sortOrder: row.sortOrder };
}

export async function listRechargePackagesForConsole(db: Db, brand: Brand): Promise<ConsoleRechargePackages> {
  const rows = await db.select().from(rechargePackages).where(eq(rechargePackages.brandId, brand.id)).orderBy(asc(rechargePackages.sortOrder), asc(rechargePackages.id));
  return { currency: brand.payments.currency, digits: currencyDigits(brand.payments.currency), rows: rows.map(consolePackage) };
}

const editable = ['priceMinor', 'diamond', 'bonus', 'enabled', 'sortOrder'] as const;
type Editable = (typeof editable)[number];

/** Adds a package (package_id 0) or saves one; `changed` names what differed (none: nothing written). */
export async function saveRechargePackage(db: Db, context: AuditContext, brand: Brand, input: RechargePackageSaveInput): Promise<{ id: number; changed: Editable[] }> {
  const priceMinor = minorUnits(input.price, currencyDigits(brand.payments.currency));
  if (priceMinor === undefined || priceMinor < 1 || priceMinor > maxPriceMinor) throw new AppError('admin.money.errors.packagePrice');
  const wanted: Pick<RechargePackage, Editable> = { priceMinor, diamond: input.gems, bonus: input.bonus, enabled: input.enabled, sortOrder: input.sort };
  return db.transaction(async (tx) => {
    if (input.package_id === 0) {
      const [row] = await tx
        .insert(rechargePackages)
        .values({ brandId: brand.id, currency: brand.payments.currency, ...wanted })
        .returning();
      await writeAudit(tx, context, { action: 'recharge.package.add', targetType: 'rechargePackage', targetId: row.id, before: null, after: { currency: row.currency, ...wanted } });
      return { id: row.id, changed: [...editable] };
    }
    const [row] = await tx
      .select()
      .from(rechargePackages)
      .where(and(eq(rechargePackages.id, input.package_id), eq(rechargePackages.brandId, brand.id)))
      .for('update');
    if (!row) throw new AppError('admin.money.errors.packageUnknown');
    // A package of a currency the brand no longer sells in cannot be offered again (its price means another money).
    if (row.currency !== brand.payments.currency && wanted.enabled) throw new AppError('admin.money.errors.packageCurrency', { currency: row.currency });
    const { changed, before, after } = fieldChanges(row, wanted, editable);
    if (changed.length === 0) return { id: row.id, changed };
    await tx.update(rechargePackages).set(after).where(eq(rechargePackages.id, row.id));
    await writeAudit(tx, context, { action: 'recharge.package.save', targetType: 'rechargePackage', targetId: row.id, before, after });
    return { id: row.id, changed };
  });
}
