'use client';
// The studio panel under the anchor's own video (issue 18): what the encoder does (waiting for it; receiving, with
// bitrate, resolution and frame rate as the media server measures them; away, with the time left before the live
// ends), viewers and time on air, the push settings to paste into the encoder, and End live, which leads to the
// live's summary in live management. The encoder status is asked again every couple of seconds (docs/live.md).
import { useEffect, useId, useRef, useState } from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { errorText } from '@/lib/http/error-text';
import { formatHeat } from '@/lib/format/heat';
import { useRoom } from '@/components/live-room/room-context';
import { formatDuration } from '@/components/live/replay-time';
import { LockIcon, SlidersIcon, VideoIcon } from '@/components/shell/icons';
import { isLocale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import type { EncoderStatus } from '@/lib/validation/anchor-studio';
import { useChatStore } from '@/stores/chat-store';
import { encoderStatusQuery, streamInfoQuery } from './anchor-api';
import { CredentialField } from './credential-field';
import { useEndLive } from './use-end-live';
import form from './anchor-form.module.css';
import styles from './studio-panel.module.css';

type OpenLive = NonNullable<EncoderStatus['live']>;

/** The wall clock in Unix seconds, ticking each second while `running`: time on air and the away countdown move. */
function useNowSeconds(running: boolean): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

function Figures({ encoder, live }: { encoder: EncoderStatus['encoder']; live: OpenLive }) {
  const t = useTranslations('anchor.studio');
  const locale = useLocale();
  const chatHeat = useChatStore((state) => state.heat);
  const now = useNowSeconds(live.state === 'live');
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const receiving = live.state === 'live';
  // Receiving but not measured yet (the first report comes within seconds); waiting or away: nothing to measure.
  const unknown = receiving ? t('measuring') : '—';
  const figures = [
    { key: 'bitrate', value: encoder ? t('bitrateValue', { value: number.format(encoder.bitrate_kbps) }) : unknown },
    {
      key: 'resolution',
      value: encoder ? (encoder.width && encoder.height ? t('resolutionValue', { width: encoder.width, height: encoder.height }) : t('notReported')) : unknown,
    },
    { key: 'frameRate', value: encoder ? (encoder.fps ? t('frameRateValue', { value: number.format(encoder.fps) }) : t('notReported')) : unknown },
    // The larger of the chat's count and the media server's count of players, as the room's heading shows it.
    { key: 'viewers', value: formatHeat(Math.max(chatHeat, live.viewers), isLocale(locale) ? locale : 'en-US') },
    { key: 'onAir', value: live.stream_started_at ? formatDuration(now - live.stream_started_at) : '—' },
  ] as const;
  return (
    <dl className={styles.figures} aria-label={t('figuresLabel')}>
      {figures.map((figure) => (
        <div key={figure.key} className={styles.figure}>
          <dt>{t(figure.key)}</dt>
          <dd data-testid={`studio-${figure.key}`}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StateBanner({ live }: { live: OpenLive }) {
  const t = useTranslations('anchor.studio');
  const now = useNowSeconds(live.state === 'away');
  const text =
    live.state === 'waiting'
      ? t('waitingText')
      : live.state === 'live'
        ? t('liveText')
        : live.ends_at > now
          ? t('awayText', { time: formatDuration(live.ends_at - now) })
          : t('awayEnding');
  return (
    <div className={styles.state} data-state={live.state} role="status">
      <span className={styles.signal} aria-hidden="true" />
      <div className={styles.stateBody}>
        <p className={styles.stateTitle}>{t(`states.${live.state}`)}</p>
        <p className={styles.stateText}>{text}</p>
      </div>
    </div>
  );
}

function PushSettings() {
  const t = useTranslations('anchor.studio');
  const stream = useQuery(streamInfoQuery);
  const titleId = useId();
  return (
    <section className={styles.push} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.subTitle}>
        {t('credentialsTitle')}
      </h3>
      {stream.isError ? (
        <p className={form.formError}>
          {errorText(stream.error, t('pushFailed'))}{' '}
          <button type="button" className={styles.inlineButton} onClick={() => void stream.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : (
        <>
          <CredentialField label={t('pushServer')} value={stream.data?.push_server ?? ''} />
          <CredentialField label={t('pushKey')} value={stream.data?.push_key ?? ''} />
        </>
      )}
      <Link href={siteRoutes.liveRoomSettings} className={styles.guideLink} prefetch={false}>
        <SlidersIcon size={16} />
        {t('guide')}
      </Link>
    </section>
  );
}

function EndLive() {
  const t = useTranslations('anchor.studio');
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);

  // The question takes the place of the button: focus goes to its safe answer.
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);

  const { ending, end } = useEndLive(() => setConfirming(false));

  if (!confirming) {
    return (
      <button type="button" className={`${form.danger} ${form.small}`} onClick={() => setConfirming(true)}>
        {t('endLive')}
      </button>
    );
  }
  return (
    <div className={styles.confirm} role="group" aria-label={t('endLive')}>
      <span className={styles.confirmText}>{t('endConfirm')}</span>
      <div className={styles.confirmActions}>
        <button ref={keep} type="button" className={`${form.secondary} ${form.small}`} onClick={() => setConfirming(false)} disabled={ending}>
          {t('keepLive')}
        </button>
        <button type="button" className={`${form.danger} ${form.small}`} onClick={() => void end()} disabled={ending} aria-busy={ending}>
          {t('endNow')}
        </button>
      </div>
    </div>
  );
}

export function StudioPanel() {
  const t = useTranslations('anchor.studio');
  const { room, refresh } = useRoom();
  const status = useQuery(encoderStatusQuery);
  const titleId = useId();
  const live = status.data?.live ?? null;

  // The studio hears of the encoder first (it asks every 2 s, the room every 10 s): the player follows at once.
  const liveState = live?.state ?? null;
  const roomState = room.live?.state ?? null;
  useEffect(() => {
    // `refresh` is a new function each render: the states decide when to run.
    if (status.isSuccess && liveState !== roomState) refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: refresh is left out on purpose
  }, [status.isSuccess, liveState, roomState]);

  const heading = (
    <div className={styles.heading}>
      <h2 id={titleId} className={styles.title}>
        {t('title')}
      </h2>
      <span className={styles.private}>
        <LockIcon size={14} />
        {t('onlyYou')}
      </span>
    </div>
  );

  if (status.isPending) return <section className={styles.panel} aria-labelledby={titleId} aria-busy="true">{heading}</section>;
  if (!live) {
    return (
      <section className={`${styles.panel} ${styles.idle}`} aria-labelledby={titleId}>
        {heading}
        {status.isError ? <p className={form.formError}>{t('statusFailed')}</p> : null}
        <div className={styles.idleBody}>
          <span className={styles.idleIcon} aria-hidden="true">
            <VideoIcon size={22} />
          </span>
          <div>
            <p className={styles.stateTitle}>{t('notLiveTitle')}</p>
            <p className={styles.stateText}>{t('notLiveText')}</p>
          </div>
          <Link href={siteRoutes.liveManagement} className={`${form.secondary} ${form.small}`} prefetch={false}>
            {t('manage')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.panel} data-state={live.state} aria-labelledby={titleId}>
      <header className={styles.head}>
        {heading}
        <EndLive />
      </header>
      {status.isError ? <p className={form.formError}>{t('statusFailed')}</p> : null}
      <StateBanner live={live} />
      <div className={styles.columns}>
        <Figures encoder={status.data?.encoder ?? null} live={live} />
        <PushSettings />
      </div>
    </section>
  );
}
