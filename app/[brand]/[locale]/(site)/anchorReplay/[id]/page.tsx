// One anchor's replays (spec §2.2 /anchorReplay/{id}), newest first, each playable with seeking.
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { listHref, parseListQuery, replayPageSize } from '@/components/live/list-query';
import { ReplayListView } from '@/components/live/replay-list-view';
import styles from '@/components/live/live.module.css';
import { EmptyState } from '@/components/shell/empty-state';
import { UserIcon } from '@/components/shell/icons';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { UserAvatar } from '@/components/user/user-avatar';
import { pageMetadata } from '@/lib/seo/metadata';
import { readAnchorInfo, readReplayList } from '@/lib/server/public-pages/live-pages';

type AnchorReplayProps = { params: Promise<LocaleParams & { id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function anchorOf(id: string) {
  return /^[1-9]\d{0,14}$/.test(id) ? readAnchorInfo(Number(id)) : null;
}

export async function generateMetadata({ params }: AnchorReplayProps): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const { id } = await params;
  const anchor = await anchorOf(id);
  const t = await getTranslations({ locale, namespace: 'player.replays' });
  return pageMetadata({
    brand,
    brandName,
    locale,
    path: `/anchorReplay/${id}`,
    title: anchor ? t('anchorTitle', { name: anchor.nick_name }) : t('title'),
    description: t('description', { brand: brandName }),
    noIndex: !anchor,
  });
}

export default async function AnchorReplayPage({ params, searchParams }: AnchorReplayProps) {
  const { locale } = await resolvePageContext(params);
  const anchor = await anchorOf((await params).id);
  const t = await getTranslations({ locale, namespace: 'player.replays' });
  if (!anchor) {
    const ta = await getTranslations({ locale, namespace: 'player.anchor' });
    return (
      <PageFrame title={t('title')}>
        <EmptyState icon={UserIcon} title={ta('notFound')} description={ta('notFoundHint')} action={{ href: '/liveMatches', label: ta('browseLive') }} />
      </PageFrame>
    );
  }
  const { page } = parseListQuery(await searchParams);
  const path = `/anchorReplay/${anchor.id}`;
  const { list, total } = await readReplayList({ anchorId: anchor.id, categoryId: 0, page, size: replayPageSize, locale });
  return (
    <ReplayListView
      locale={locale}
      title={t('anchorTitle', { name: anchor.nick_name })}
      lead={t('lead', { count: total })}
      above={
        <Link href={`/anchorInfo/${anchor.id}`} className={styles.anchorChip} prefetch={false}>
          <UserAvatar src={anchor.avatar} name={anchor.nick_name} size={28} />
          {t('anchorProfile', { name: anchor.nick_name })}
        </Link>
      }
      replays={list}
      total={total}
      page={page}
      hrefFor={(next) => listHref(path, { page: next })}
      showAnchor={false}
    />
  );
}
