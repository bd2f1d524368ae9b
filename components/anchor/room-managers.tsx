'use client';
// The anchor's room managers (/user-center/live-room-settings, docs/room-managers.md): the viewers they appointed to
// mute and unmute viewers and delete lines in their live room and fan group, with a form to appoint one more by id
// or nickname and Remove on each.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { Avatar } from '@/components/ui/avatar';
import { formatDate } from '@/lib/format/date-time';
import { errorText } from '@/lib/http/error-text';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import type { RoomManagersReply } from '@/lib/validation/room-managers';
import { useToast } from '@/stores/toast-store';
import { anchorQueryKeys, appointRoomManager, removeRoomManager, roomManagersQuery } from './anchor-api';
import form from './anchor-form.module.css';
import styles from './anchor-pages.module.css';

export function RoomManagers() {
  const t = useTranslations('anchor.roomManagers');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const managers = useQuery(roomManagersQuery);
  const [who, setWho] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'appoint' | number>();

  const settle = (reply: RoomManagersReply) => queryClient.setQueryData(anchorQueryKeys.roomManagers, reply);

  async function appoint(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy('appoint');
    setError(undefined);
    try {
      const reply = await appointRoomManager(who.trim());
      settle(reply);
      showToast(t('appointed', { name: reply.managers[0]?.nick_name ?? who.trim() }), 'success');
      setWho('');
    } catch (failure) {
      setError(errorText(failure, t('appointFailed')));
    } finally {
      setBusy(undefined);
    }
  }

  async function remove(userId: number, name: string) {
    setBusy(userId);
    try {
      settle(await removeRoomManager(userId));
      showToast(t('removed', { name }), 'success');
    } catch (failure) {
      showToast(errorText(failure, t('removeFailed')), 'error');
    } finally {
      setBusy(undefined);
    }
  }

  const list = managers.data?.managers ?? [];
  const limit = managers.data?.limit ?? 0;
  const full = managers.isSuccess && list.length >= limit;
  return (
    <section className={styles.card} aria-labelledby="room-managers-title" data-testid="room-managers">
      <div className={styles.cardHead}>
        <div>
          <h2 id="room-managers-title" className={styles.cardTitle}>
            {t('title')}
          </h2>
          <p className={styles.cardHint}>{t('hint')}</p>
        </div>
        {managers.isSuccess ? (
          <span className={styles.managerCount} data-full={full}>
            {t('count', { count: list.length, limit })}
          </span>
        ) : null}
      </div>

      <form className={styles.managerForm} onSubmit={(event) => void appoint(event)} noValidate>
        <div className={form.field}>
          <label htmlFor="room-manager-user" className={form.label}>
            {t('userLabel')}
          </label>
          <input
            id="room-manager-user"
            className={form.control}
            value={who}
            onChange={(event) => setWho(event.target.value)}
            placeholder={t('userPlaceholder')}
            maxLength={40}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'room-manager-error' : undefined}
          />
        </div>
        <button type="submit" className={`${form.primary} ${form.small}`} disabled={busy !== undefined || full || who.trim() === ''} aria-busy={busy === 'appoint'}>
          {t('appoint')}
        </button>
      </form>
      {error ? (
        <p id="room-manager-error" className={form.formError} role="alert">
          {error}
        </p>
      ) : null}

      {managers.isPending ? (
        <div className={styles.placeholder} />
      ) : managers.isError ? (
        <div className={styles.actions}>
          <p className={form.formError}>{errorText(managers.error, t('loadFailed'))}</p>
          <button type="button" className={`${form.secondary} ${form.small}`} onClick={() => void managers.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className={styles.cardHint}>{t('empty')}</p>
      ) : (
        <ul className={styles.managerList}>
          {list.map((manager) => (
            <li key={manager.user_id} className={styles.manager}>
              <Avatar src={manager.avatar} name={manager.nick_name} size={36} />
              <div className={styles.managerText}>
                <span className={styles.managerName}>{manager.nick_name}</span>
                <span className={styles.managerMeta}>
                  {t('since', { id: manager.user_id, date: formatDate(new Date(manager.appointed_at).toISOString(), isLocale(locale) ? locale : fallbackLocale) })}
                </span>
              </div>
              <button
                type="button"
                className={`${form.secondary} ${form.small}`}
                onClick={() => void remove(manager.user_id, manager.nick_name)}
                disabled={busy !== undefined}
                aria-busy={busy === manager.user_id}
                aria-label={t('removeNamed', { name: manager.nick_name })}
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
