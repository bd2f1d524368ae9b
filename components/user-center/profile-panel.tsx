'use client';
// The personal centre's profile (spec §2.2 /user-center/index, §2.4 item 10): avatar upload, nickname change
// (2–8 characters, once per 7 days, asked first), password set or change, the masked phone. Signed-out visitors are offered
// the login dialog.
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { nicknameCooldownDays, nicknameMax, setPasswordInput, updateNicknameInput, uploadAvatarInput } from '@/lib/validation/auth';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';
import { errorText } from '@/lib/http/error-text';
import { CameraIcon, LockIcon } from '@/components/shell/icons';
import { PasswordField } from '@/components/auth/login-fields';
import { useValidationText } from '@/components/auth/validation-text';
import { UserIcon } from '@/components/shell/icons';
import { LevelBadge } from '@/components/user/level-badge';
import { MembershipLine } from '@/components/user/membership-line';
import { Avatar } from '@/components/ui/avatar';
import { setPassword, updateNickname, uploadAvatar, userQueryKeys } from '@/components/user/user-api';
import { writeStoredUserInfo } from '@/components/user/user-info';
import type { UserInfo } from '@/lib/validation/users';
import { twoDigitLevel } from '@/components/user/user-numbers';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import styles from './profile-panel.module.css';
import { useDateFormat } from '@/components/shell/local-time';

const acceptedAvatarTypes = 'image/jpeg,image/png,image/gif,image/webp';

/** Keeps the store and the stored copy in step with a change the server confirmed, then refetches the rest. */
function useApplyUserChange() {
  const queryClient = useQueryClient();
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  const user = useUserStore((state) => state.userInfo);
  return (changes: Partial<UserInfo>) => {
    updateUserInfo(changes);
    if (user) writeStoredUserInfo({ ...user, ...changes });
    void queryClient.invalidateQueries({ queryKey: userQueryKeys.info });
  };
}

function AvatarEditor({ user }: { user: UserInfo }) {
  const t = useTranslations('account.profile');
  const showToast = useToast();
  const validationText = useValidationText();
  const applyChange = useApplyUserChange();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const checked = uploadAvatarInput.safeParse({ file });
    if (!checked.success) return showToast(validationText(checked.error), 'error');
    setUploading(true);
    try {
      applyChange({ avatar: await uploadAvatar(checked.data.file) });
      showToast(t('avatarSaved'), 'success');
    } catch (error) {
      showToast(errorText(error, t('uploadFailed')), 'error');
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className={styles.avatarEditor}>
      <Avatar src={user.avatar} name={user.nick_name} size={96} />
      <button type="button" className={styles.avatarButton} onClick={() => input.current?.click()} disabled={uploading} aria-busy={uploading}>
        <CameraIcon size={16} />
        {uploading ? t('uploading') : t('changeAvatar')}
      </button>
      <input ref={input} type="file" accept={acceptedAvatarTypes} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={upload} />
    </div>
  );
}

function NicknameForm({ user }: { user: UserInfo }) {
  const t = useTranslations('account.profile');
  const showToast = useToast();
  const validationText = useValidationText();
  const applyChange = useApplyUserChange();
  const id = useId();
  const [value, setValue] = useState(user.nick_name);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const { dateTime } = useDateFormat();
  // The checked nickname waiting for the viewer's yes: a change locks the nickname for days, so it is asked first.
  const [confirming, setConfirming] = useState<string | null>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const lockedUntil = user.nickname_change_at > Date.now() / 1000 ? new Date(user.nickname_change_at * 1000) : null;

  // The question takes the place of Save: focus goes to its safe answer.
  useEffect(() => {
    if (confirming !== null) keep.current?.focus();
  }, [confirming]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = updateNicknameInput.safeParse({ nick_name: value });
    if (!checked.success) return setError(validationText(checked.error));
    setConfirming(checked.data.nick_name);
  }

  async function save(nickName: string) {
    setSaving(true);
    try {
      applyChange({ nick_name: await updateNickname(nickName) });
      showToast(t('nicknameSaved'), 'success');
    } catch (failure) {
      setError(errorText(failure, t('saveFailed')));
      setConfirming(null);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('nicknameTitle')}
      </h2>
      <p className={styles.cardHint}>
        {lockedUntil
          ? t('nicknameLocked', { date: dateTime(lockedUntil) })
          : t('nicknameRule', { max: nicknameMax, days: nicknameCooldownDays })}
      </p>
      <div className={styles.row}>
        <label htmlFor={id} className="visually-hidden">
          {t('nicknameLabel')}
        </label>
        <input
          id={id}
          className={styles.input}
          value={value}
          disabled={saving || lockedUntil !== null || confirming !== null}
          autoComplete="nickname"
          onChange={(event) => {
            setValue(event.target.value);
            setError('');
          }}
        />
        {confirming === null ? (
          <button type="submit" className={styles.primary} disabled={saving || lockedUntil !== null || value.trim() === user.nick_name}>
            {t('save')}
          </button>
        ) : null}
      </div>
      {confirming !== null ? (
        <div className={styles.confirm} role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`} className={styles.confirmText}>
            {t('nicknameConfirm', { name: confirming, days: nicknameCooldownDays })}
          </p>
          <div className={styles.confirmActions}>
            <button ref={keep} type="button" className={styles.secondary} onClick={() => setConfirming(null)} disabled={saving}>
              {t('nicknameKeep')}
            </button>
            <button type="button" className={styles.primary} onClick={() => void save(confirming)} disabled={saving} aria-busy={saving}>
              {t('nicknameConfirmSave')}
            </button>
          </div>
        </div>
      ) : null}
      <p className={styles.error} role="alert">
        {error}
      </p>
    </form>
  );
}

// The password card's fields, in order; the current password only when the account has one.
const passwordFields = [
  { key: 'old', name: 'old_pwd', label: 'currentPassword', autoComplete: 'current-password' },
  { key: 'next', name: 'pwd', label: 'newPassword', autoComplete: 'new-password' },
  { key: 'confirm', name: 'pwd_confirm', label: 'confirmPassword', autoComplete: 'new-password' },
] as const;

function PasswordForm({ user }: { user: UserInfo }) {
  const t = useTranslations('account.profile');
  const tValidation = useTranslations('validation');
  const showToast = useToast();
  const validationText = useValidationText();
  const applyChange = useApplyUserChange();
  const titleId = useId();
  const [fields, setFields] = useState({ old: '', next: '', confirm: '' });
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const hasPassword = user.has_password === 1;
  const edit = (field: keyof typeof fields) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setError('');
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = setPasswordInput.safeParse({ old_pwd: fields.old, pwd: fields.next, pwd_confirm: fields.confirm });
    if (!checked.success) return setError(validationText(checked.error));
    setSaving(true);
    try {
      const notice = await setPassword({ oldPassword: checked.data.old_pwd, password: checked.data.pwd, confirmation: checked.data.pwd_confirm });
      setFields({ old: '', next: '', confirm: '' });
      applyChange({ has_password: 1 });
      showToast(notice || t('passwordSaved'), 'success');
    } catch (failure) {
      setError(errorText(failure, t('saveFailed')));
    } finally {
      setSaving(false);
    }
  }

  const ready = fields.next.trim() !== '' && fields.confirm.trim() !== '' && (!hasPassword || fields.old.trim() !== '');
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {hasPassword ? t('changePasswordTitle') : t('setPasswordTitle')}
      </h2>
      <p className={styles.cardHint}>{hasPassword ? tValidation('newPasswordHint') : t('setPasswordHint')}</p>
      <div className={styles.fields}>
        {passwordFields
          .filter((field) => hasPassword || field.key !== 'old')
          .map((field) => (
            <PasswordField
              key={field.key}
              name={field.name}
              value={fields[field.key]}
              onChange={edit(field.key)}
              disabled={saving}
              label={t(field.label)}
              placeholder={t(field.label)}
              autoComplete={field.autoComplete}
            />
          ))}
      </div>
      <p className={styles.error} role="alert">
        {error}
      </p>
      <button type="submit" className={`${styles.primary} ${styles.wide}`} disabled={!ready || saving}>
        <LockIcon size={16} />
        {t('savePassword')}
      </button>
    </form>
  );
}

function SignedOutPrompt() {
  const t = useTranslations('account.profile');
  const openLogin = useSessionStore((state) => state.openLogin);
  const action = (
    <Button className={styles.primary} onClick={openLogin}>
      {t('logIn')}
    </Button>
  );
  return <EmptyState variant="prompt" icon={UserIcon} title={t('signedOutTitle')} description={t('signedOutText')} titleId="profile-signed-out" action={action} />;
}

export function ProfilePanel() {
  const t = useTranslations('account.profile');
  const tCard = useTranslations('account.card');
  const user = useUserStore((state) => state.userInfo);
  const restored = useUserStore((state) => state.restored);

  if (!restored) return <Card className={styles.placeholder} aria-busy="true" />;
  if (!user) return <SignedOutPrompt />;
  return (
    <div className={styles.grid}>
      <section className={`${styles.card} ${styles.summary}`} aria-label={t('summaryLabel')}>
        <AvatarEditor user={user} />
        <div className={styles.summaryText}>
          <p className={styles.nickname}>
            <span>{user.nick_name}</span>
            <LevelBadge level={user.level} size="large" />
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('idLabel')}</dt>
              <dd>{user.id}</dd>
            </div>
            <div>
              <dt>{t('phoneLabel')}</dt>
              <dd>{user.formatPhone}</dd>
            </div>
            <div>
              <dt>{t('levelLabel')}</dt>
              <dd>{tCard('vipLevel', { level: twoDigitLevel(user.level) })}</dd>
            </div>
            <div>
              <dt>{t('membershipLabel')}</dt>
              <dd>
                <MembershipLine user={user} />
              </dd>
            </div>
          </dl>
        </div>
      </section>
      {/* Keyed by the saved nickname, so the field starts from it again after each change. */}
      <NicknameForm key={user.nick_name} user={user} />
      <PasswordForm user={user} />
    </div>
  );
}
