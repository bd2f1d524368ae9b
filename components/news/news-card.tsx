// An article in a list: cover, tags, title, summary and date (card), or a thumbnail and title (compact).
import Link from 'next/link';
import { formatDate } from '@/lib/format/date-time';
import type { Locale } from '@/lib/i18n/locales';
import type { NewsSummary } from '@/lib/validation/news';
import styles from './news-card.module.css';

type NewsCardProps = {
  article: NewsSummary;
  locale: Locale;
  variant?: 'card' | 'compact';
  /** The first card of a page is above the fold: its cover loads at once. */
  eager?: boolean;
};

export function NewsCard({ article, locale, variant = 'card', eager = false }: NewsCardProps) {
  const date = (
    <time className={styles.date} dateTime={article.publishedAt}>
      {formatDate(article.publishedAt, locale)}
    </time>
  );
  if (variant === 'compact') {
    return (
      <Link href={article.path} className={styles.compact} prefetch={false}>
        <img src={article.coverUrl} alt="" width={96} height={54} loading="lazy" decoding="async" className={styles.thumb} />
        <span className={styles.compactText}>
          <span className={styles.compactTitle}>{article.title}</span>
          {date}
        </span>
      </Link>
    );
  }
  return (
    <article className={styles.card}>
      <img
        src={article.coverUrl}
        alt=""
        width={1200}
        height={675}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        className={styles.cover}
      />
      <div className={styles.body}>
        {article.tags.length > 0 ? (
          <ul className={styles.tags}>
            {article.tags.slice(0, 2).map((tag) => (
              <li key={tag.key} className={styles.tag}>
                {tag.label}
              </li>
            ))}
          </ul>
        ) : null}
        <h3 className={styles.title}>
          <Link href={article.path} className={styles.link} prefetch={false}>
            {article.title}
          </Link>
        </h3>
        <p className={styles.summary}>{article.summary}</p>
        {date}
      </div>
    </article>
  );
}
