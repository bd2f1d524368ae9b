import type { MallItemView } from '@/lib/validation/mall';

export type Currency = MallItemView['currency'];
