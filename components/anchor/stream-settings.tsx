'use client';
// /user-center/live-room-settings: the anchor's push credentials (masked, with copy), a key reset that revokes the
// old address (refused while live), how to set up an encoder such as OBS, and the room's managers.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useToast } from '@/stores/toast-store';
import { errorText } from '@/lib/http/error-text';
import { RefreshIcon } from '@/components/shell/icons';
import { anchorQueryKeys, resetStreamKey, streamInfoQuery } from './anchor-api';
import { AnchorGate, Placeholder } from './anchor-gate';
import { CredentialField } from './credential-field';
import { RoomManagers } from './room-managers';
import form from './anchor-form.module.css';
import styles from './anchor-pages.module.css';

function Credentials({ isLive }: { isLive: boolean }) {
  const t = useTranslations('anchor.settings');
  const queryClient = useQueryClient();
  const showToast = useToast();
  const stream = useQuery(streamInfoQuery);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);

  async function reset() {
    setResetting(true);
    try {
      queryClient.setQueryData(anchorQueryKeys.streamInfo, await resetStreamKey());
      showToast(t('resetDone'), 'success');
    } catch (error) {
      showToast(errorText(error, t('resetFailed')), 'error');
    } finally {
      setResetting(false);
      setConfirming(false);
    }
  }

  if (stream.isPending) return <Placeholder />;
  if (stream.isError) {
    return (
      <section className={styles.card}>
        <p className={form.formError}>{errorText(stream.error, t('loadFailed'))}</p>
        <button type="button" className={form.secondary} onClick={() => void stream.refetch()}>
          {t('retry')}
        </button>
      </section>
    );
  }

  const info = stream.data;
  return (
    <div className={styles.columns}>
      <section className={`${styles.card} ${form.form}`} aria-labelledby="push-credentials-title">
        <div>
          <h2 id="push-credentials-title" className={styles.cardTitle}>
            {t('credentialsTitle')}
          </h2>
          <p className={styles.cardHint}>{t('credentialsHint')}</p>
        </div>
        <CredentialField label={t('pushServer')} value={info.push_server} />
        <CredentialField label={t('pushKey')} value={info.push_key} />
        <CredentialField label={t('pushUrl')} value={info.push_url} hint={t('pushUrlHint')} />
        {info.web_rtc_push_url ? <CredentialField label={t('webrtcUrl')} value={info.web_rtc_push_url} /> : null}

        <div className={styles.resetBox} data-confirming={confirming}>
          {confirming ? (
            <>
              <p className={styles.resetText}>{t('resetConfirm')}</p>
              <div className={styles.actions}>
                <button type="button" className={`${form.secondary} ${form.small}`} onClick={() => setConfirming(false)} disabled={resetting}>
                  {t('cancel')}
                </button>
                <button type="button" className={`${form.danger} ${form.small}`} onClick={() => void reset()} disabled={resetting} aria-busy={resetting}>
                  {t('resetNow')}
                </button>
              </div>
            </>
          ) : (
            <>
              <p className={styles.resetText}>{isLive ? t('resetWhileLive') : t('resetHint')}</p>
              <button type="button" className={`${form.secondary} ${form.small}`} onClick={() => setConfirming(true)} disabled={isLive}>
                <RefreshIcon size={16} />
                {t('reset')}
              </button>
            </>
          )}
        </div>
      </section>

      <section className={styles.card} aria-labelledby="encoder-guide-title">
        <h2 id="encoder-guide-title" className={styles.cardTitle}>
          {t('guideTitle')}
        </h2>
        <ol className={styles.steps}>
          {(['start', 'service', 'paste', 'go'] as const).map((step) => (
            <li key={step}>
              <span className={styles.stepTitle}>{t(`guide.${step}.title`)}</span>
              <span className={styles.stepText}>{t(`guide.${step}.text`)}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function StreamSettings() {
  return (
    <AnchorGate anchorsOnly>
      {(_user, status) => (
        <div className={styles.stack}>
          <Credentials isLive={status?.is_live === 1} />
          <RoomManagers />
        </div>
      )}
    </AnchorGate>
  );
}
