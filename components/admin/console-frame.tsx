// The console's frame: the brand, the sections the viewer's role may open (current one marked), who is signed in
// with their console role, sign-out. A phone gets the same as a bar with a scrolling row of sections.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { adminRoutes, siteRoutes } from '@/lib/routes';
import type { ConsoleRight, ConsoleViewer } from '@/lib/validation/admin';
import { SignOutButton } from './sign-out-button';
import styles from './console.module.css';

type ConsoleSection = 'dashboard' | 'people' | 'applications' | 'rooms' | 'replays' | 'roomManagers' | 'quizzes' | 'gifts' | 'recharge' | 'mall' | 'lottery' | 'checkin' | 'ledger' | 'settings' | 'maintenance' | 'moderation' | 'keywords' | 'feedback' | 'news' | 'pages' | 'audit' | 'security';

const sections: { id: ConsoleSection; href: string; right: ConsoleRight | null }[] = [
  { id: 'dashboard', href: adminRoutes.dashboard, right: 'dashboard.view' },
  { id: 'people', href: adminRoutes.people, right: 'people.view' },
  { id: 'applications', href: adminRoutes.applications, right: 'anchors.review' },
  { id: 'rooms', href: adminRoutes.rooms, right: 'rooms.view' },
  { id: 'replays', href: adminRoutes.replays, right: 'replays.manage' },
  { id: 'roomManagers', href: adminRoutes.roomManagers, right: 'rooms.managers' },
  { id: 'quizzes', href: adminRoutes.quizzes, right: 'quizzes.settle' },
  { id: 'gifts', href: adminRoutes.gifts, right: 'money.catalogue' },
  { id: 'recharge', href: adminRoutes.recharge, right: 'money.catalogue' },
  { id: 'mall', href: adminRoutes.mall, right: 'money.catalogue' },
  { id: 'lottery', href: adminRoutes.lottery, right: 'money.catalogue' },
  { id: 'checkin', href: adminRoutes.checkin, right: 'money.catalogue' },
  { id: 'ledger', href: adminRoutes.ledger, right: 'money.ledger' },
  { id: 'moderation', href: adminRoutes.moderation, right: 'moderation.view' },
  { id: 'keywords', href: adminRoutes.keywords, right: 'chat.keywords' },
  { id: 'feedback', href: adminRoutes.feedback, right: 'feedback.reply' },
  { id: 'news', href: adminRoutes.news, right: 'news.edit' },
  { id: 'pages', href: adminRoutes.pages, right: 'pages.edit' },
  { id: 'settings', href: adminRoutes.settings, right: 'brand.settings' },
  { id: 'maintenance', href: adminRoutes.maintenance, right: 'site.maintenance' },
  { id: 'audit', href: adminRoutes.audit, right: 'audit.view' },
  { id: 'security', href: adminRoutes.security, right: null },
];

type FrameProps = { viewer: ConsoleViewer; brand: { name: string; logo: string }; section: ConsoleSection; title: string; actions?: ReactNode; children: ReactNode };

export function ConsoleFrame({ viewer, brand, section, title, actions, children }: FrameProps) {
  const t = useTranslations('admin');
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#console-main">
        {t('skip')}
      </a>
      <header className={styles.side}>
        <Link className={styles.brand} href={adminRoutes.dashboard}>
          <img src={brand.logo} alt="" width={28} height={28} />
          <span>
            {brand.name}
            <span className={styles.brandTag}>{t('title')}</span>
          </span>
        </Link>
        <nav aria-label={t('nav.label')} className={styles.nav}>
          {sections
            .filter((item) => item.right === null || viewer.rights.includes(item.right))
            .map((item) => (
              <Link key={item.id} className={styles.navLink} href={item.href} aria-current={item.id === section ? 'page' : undefined}>
                {t(`nav.${item.id}`)}
              </Link>
            ))}
        </nav>
        <div className={styles.who}>
          <span className={styles.whoName}>{viewer.nickName}</span>
          <span>
            <Badge tone="brand">{t(`roles.${viewer.role}`)}</Badge>
          </span>
          <SignOutButton />
          <Link className={styles.siteLink} href={siteRoutes.home}>
            {t('nav.site')}
          </Link>
        </div>
      </header>
      <main id="console-main" className={styles.main}>
        <div className={styles.content}>
          <div className={styles.head}>
            <h1 className={styles.title}>{title}</h1>
            {actions}
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

/** What a section shows to a console role without its right. */
export function NoRightNotice() {
  const t = useTranslations('admin');
  return <p className={styles.notice}>{t('people.noRight')}</p>;
}
