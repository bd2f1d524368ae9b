// "Show more" under a list read page by page (TanStack's infinite queries): shown while a next page exists, busy
// while it loads.
import { Button } from './button';
import styles from './show-more.module.css';

type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

export function ShowMore({ query, label }: { query: PagedQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="secondary" className={styles.showMore} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {label}
    </Button>
  );
}
