'use client';
// The anchor centre's figures (docs/anchor-stats.md): gift income in each currency, HD tickets, quiz stakes and new
// followers by UTC day over the last 7, 14 or 30 days, one figure at a time as bars, with today's value and the
// period's total beside it. Read from the rollup every 15 s, so a gift shows within the job's interval; the chart
// library is loaded with this card only.
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Tabs } from '@/components/ui/tabs';
import { errorText } from '@/lib/http/error-text';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import { anchorStatsDayChoices, type AnchorStatsDay } from '@/lib/validation/anchor-stats';
import { anchorStatsQuery } from './anchor-api';
import form from './anchor-form.module.css';
import pages from './anchor-pages.module.css';
import styles from './anchor-stats.module.css';

const DayBarsChart = dynamic(() => import('./day-bars-chart'), { ssr: false, loading: () => <div className={styles.chart} /> });

const figures = ['gift_diamond', 'gift_gold', 'tickets', 'quiz_stakes', 'new_followers'] as const;
type Figure = (typeof figures)[number];
/** Currencies are kept in hundredths. */
const inHundredths: ReadonlySet<Figure> = new Set(['gift_diamond', 'gift_gold', 'quiz_stakes']);
type Days = (typeof anchorStatsDayChoices)[number];

export function AnchorStats() {
  const t = useTranslations('anchor.stats');
  const rawLocale = useLocale();
  const locale = isLocale(rawLocale) ? rawLocale : fallbackLocale;
  const [figure, setFigure] = useState<Figure>('gift_diamond');
  const [days, setDays] = useState<Days>(14);
  const stats = useQuery(anchorStatsQuery(days));

  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const format = (value: number) => number.format(inHundredths.has(figure) ? value / 100 : value);
  const dayFormat = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const valueOf = (day: AnchorStatsDay) => day[figure];

  const series = stats.data?.days ?? [];
  const today = series.at(-1);
  const total = series.reduce((sum, day) => sum + valueOf(day), 0);
  return (
    <section className={pages.card} aria-labelledby="anchor-stats-title" data-testid="anchor-stats">
      <div className={styles.head}>
        <div>
          <h2 id="anchor-stats-title" className={pages.cardTitle}>
            {t('title')}
          </h2>
          <p className={pages.cardHint}>{t('hint')}</p>
        </div>
        <Tabs
          variant="segmented"
          className={styles.period}
          label={t('periodLabel')}
          items={anchorStatsDayChoices.map((choice) => ({ id: String(choice) as `${Days}`, label: t('days', { days: choice }) }))}
          value={String(days) as `${Days}`}
          onChange={(id) => setDays(Number(id) as Days)}
        />
      </div>
      <Tabs className={styles.figureTabs} label={t('figureLabel')} items={figures.map((id) => ({ id, label: t(`figures.${id}`) }))} value={figure} onChange={setFigure} tabId={(id) => `anchor-stats-tab-${id}`} panelId={() => 'anchor-stats-panel'} />
      <div id="anchor-stats-panel" role="tabpanel" aria-labelledby={`anchor-stats-tab-${figure}`} className={styles.panel}>
        {stats.isError ? (
          <div className={pages.actions}>
            <p className={form.formError}>{errorText(stats.error, t('loadFailed'))}</p>
            <button type="button" className={`${form.secondary} ${form.small}`} onClick={() => void stats.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <>
            <dl className={styles.totals}>
              <div>
                <dt>{t('today')}</dt>
                <dd data-testid="anchor-stats-today">{today ? format(valueOf(today)) : '–'}</dd>
              </div>
              <div>
                <dt>{t('period', { days })}</dt>
                <dd>{stats.isSuccess ? format(total) : '–'}</dd>
              </div>
            </dl>
            {stats.isSuccess ? (
              <DayBarsChart days={series.map((day) => day.day)} values={series.map(valueOf)} label={t('chartLabel', { figure: t(`figures.${figure}`), days })} format={format} formatDay={formatDay} />
            ) : (
              <div className={styles.chart} />
            )}
            <p className={styles.note}>{t(`notes.${figure}`)}</p>
          </>
        )}
      </div>
    </section>
  );
}
