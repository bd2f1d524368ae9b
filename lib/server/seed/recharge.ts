// Seed step of recharge: a ladder of packages for every configured brand, priced in the brand's currency
// (docs/recharge.md). Gems and bonuses are in hundredths; prices in the currency's minor unit.
import type { Db } from '@/lib/db/client';
import { listBrands } from '@/lib/brand/registry';
import { rechargePackages } from '@/lib/db/schema';
import type { SeedStep } from './seed-step';

type Rung = { price: number; gems: number; bonus: number };

/** Yuan ladders follow the app-store price points Chinese buyers know; other currencies get a dollar ladder. */
const ladders: Record<string, Rung[]> = {
  CNY: [
    { price: 600, gems: 60, bonus: 0 },
    { price: 3000, gems: 300, bonus: 15 },
    { price: 6800, gems: 680, bonus: 50 },
    { price: 12800, gems: 1280, bonus: 120 },
    { price: 32800, gems: 3280, bonus: 380 },
    { price: 64800, gems: 6480, bonus: 880 },
  ],
  default: [
    { price: 99, gems: 100, bonus: 0 },
    { price: 499, gems: 500, bonus: 25 },
    { price: 999, gems: 1000, bonus: 80 },
    { price: 1999, gems: 2000, bonus: 200 },
    { price: 4999, gems: 5000, bonus: 600 },
    { price: 9999, gems: 10000, bonus: 1500 },
  ],
};

export const rechargePackagesStep: SeedStep = {
  name: 'recharge-packages',
  run: async (db: Db) => {
    const rows = listBrands().flatMap((brand) =>
      (ladders[brand.payments.currency] ?? ladders.default).map((rung, index) => ({
        brandId: brand.id,
        priceMinor: rung.price,
        currency: brand.payments.currency,
        diamond: rung.gems * 100,
        bonus: rung.bonus * 100,
        sortOrder: index,
      })),
    );
    await db.insert(rechargePackages).values(rows);
  },
};
