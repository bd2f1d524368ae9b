import 'server-only';
// The console's lists, 50 a page: which page to show of how many, a page past the end showing the last one.
import { adminPageSize } from '@/lib/validation/admin';

export function pageWindow(total: number, requested: number): { page: number; pages: number; offset: number } {
  const pages = Math.max(1, Math.ceil(total / adminPageSize));
  const page = Math.min(requested, pages);
  return { page, pages, offset: (page - 1) * adminPageSize };
}
