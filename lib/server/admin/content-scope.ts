import 'server-only';
// Where a site page or an article the console edits shows: the console brand's own row, or the shared one (brand
// '*') that every brand shows (a site page: every brand without its own).
import type { Brand } from '@/lib/brand/registry';
import type { ContentScope } from '@/lib/validation/admin';

export const sharedBrandId = '*';

/** The brand column a save in this scope writes. */
export const brandIdOfScope = (scope: ContentScope, brand: Brand): string => (scope === 'brand' ? brand.id : sharedBrandId);

/** The scope a row of this brand column is edited in. */
export const scopeOfBrandId = (brandId: string): ContentScope => (brandId === sharedBrandId ? 'shared' : 'brand');

/** The brand columns the console of this brand reads and edits. */
export const editableBrandIds = (brand: Brand): string[] => [sharedBrandId, brand.id];
