'use client';
// /user-center/apply-anchor (spec §3 anchor application, §4 statuses): the application form, then its status:
// verifying, verified (the way to go live) or failed with the reason and a new try.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { fallbackLocale, isLocale, type Locale } from '@/lib/i18n/locales';
import { anchorApplyInput, applicationStatus, countWords, profileMinWords, type AnchorContactType, type ApplicationView } from '@/lib/validation/live';
import { siteRoutes } from '@/lib/routes';
import { errorText } from '@/lib/http/error-text';
import { CheckCircleIcon } from '@/components/shell/icons';
import { CodeField, PhoneField } from '@/components/auth/login-fields';
import { useSendCode } from '@/components/auth/use-send-code';
import { AlertIcon, ClockIcon, MicIcon, VideoIcon } from '@/components/shell/icons';
import { userQueryKeys } from '@/components/user/user-api';
import { anchorQueryKeys, applicationQuery, applyAnchor, uploadIdPhoto } from './anchor-api';
import { AnchorGate, Placeholder } from './anchor-gate';
import { fieldErrors } from './form-errors';
import { ImageUpload } from './image-upload';
import { useKeyText } from './key-text';
import { StartLiveButton } from './start-live-button';
import form from './anchor-form.module.css';
import styles from './anchor-pages.module.css';
import { useDateFormat } from '@/components/shell/local-time';

/** Spec §3: WhatsApp and Facebook in English, QQ and WeChat in Chinese. */
const contactTypesFor: Record<Locale, readonly AnchorContactType[]> = { 'en-US': ['whatsapp', 'facebook'], 'zh-CN': ['qq', 'wechat'] };

type ApplyForm = {
  real_name: string;
  contact_type: AnchorContactType;
  contact: string;
  id_number: string;
  id_photo: string;
  profile: string;
  phone: string;
  introducer: string;
  code: string;
};
type ApplyField = keyof ApplyForm;
const applyFields: readonly string[] = ['real_name', 'contact_type', 'contact', 'id_number', 'id_photo', 'profile', 'phone', 'introducer', 'code'];
const isApplyField = (path: string): path is ApplyField => applyFields.includes(path);

function useLocaleOrFallback(): Locale {
  const locale = useLocale();
  return isLocale(locale) ? locale : fallbackLocale;
}

function Labeled({ label, error, required, hint, children, htmlFor }: { label: string; error?: string; required?: boolean; hint?: ReactNode; children: ReactNode; htmlFor?: string }) {
  return (
    <div className={form.field}>
      {htmlFor ? (
        <label htmlFor={htmlFor} className={`${form.label} ${required ? form.required : ''}`}>
          {label}
        </label>
      ) : (
        <span className={`${form.label} ${required ? form.required : ''}`} aria-hidden="true">
          {label}
        </span>
      )}
      {children}
      {error ? <p className={form.error}>{error}</p> : hint ? <p className={form.hint}>{hint}</p> : null}
    </div>
  );
}

function ApplicationForm({ previous, onSubmitted }: { previous: ApplicationView['application']; onSubmitted: (view: ApplicationView) => void }) {
  const t = useTranslations('anchor.apply');
  const locale = useLocaleOrFallback();
  const keyText = useKeyText();
  const ids = useId();
  const contactTypes = contactTypesFor[locale];
  const [values, setValues] = useState<ApplyForm>({
    real_name: previous?.real_name ?? '',
    contact_type: previous && contactTypes.includes(previous.contact_type) ? previous.contact_type : contactTypes[0],
    contact: previous?.contact ?? '',
    id_number: '',
    id_photo: '',
    profile: previous?.profile ?? '',
    phone: '',
    introducer: previous?.introducer ?? '',
    code: '',
  });
  const [errors, setErrors] = useState<Partial<Record<ApplyField, string>>>({});
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const sendControl = useSendCode(locale, (message) => setErrors((current) => ({ ...current, phone: message })));
  const words = countWords(values.profile);

  const edit = (field: ApplyField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFailure('');
  };
  const errorOf = (field: ApplyField) => (errors[field] ? keyText(errors[field]) : undefined);
  const id = (field: ApplyField) => `${ids}-${field}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = anchorApplyInput(locale).safeParse(values);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error, (path) => (isApplyField(path) ? path : undefined)));
      return;
    }
    setPending(true);
    try {
      onSubmitted(await applyAnchor(checked.data));
    } catch (error) {
      setFailure(errorText(error, t('submitFailed')));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={`${styles.card} ${form.form}`} onSubmit={(event) => void submit(event)} noValidate aria-label={t('formLabel')}>
      <div className={form.row}>
        <Labeled label={t('realName')} error={errorOf('real_name')} required htmlFor={id('real_name')}>
          <input id={id('real_name')} className={form.control} value={values.real_name} autoComplete="name" placeholder={t('realNamePlaceholder')} aria-invalid={errors.real_name ? true : undefined} onChange={(event) => edit('real_name')(event.target.value)} />
        </Labeled>
        <Labeled label={t('idNumber')} error={errorOf('id_number')} required htmlFor={id('id_number')}>
          <input id={id('id_number')} className={form.control} value={values.id_number} autoComplete="off" placeholder={t('idNumberPlaceholder')} aria-invalid={errors.id_number ? true : undefined} onChange={(event) => edit('id_number')(event.target.value)} />
        </Labeled>
      </div>

      <div className={form.row}>
        <Labeled label={t('contactType')} error={errorOf('contact_type')} required htmlFor={id('contact_type')}>
          <select id={id('contact_type')} className={form.control} value={values.contact_type} onChange={(event) => edit('contact_type')(event.target.value)}>
            {contactTypes.map((type) => (
              <option key={type} value={type}>
                {t(`contactTypes.${type}`)}
              </option>
            ))}
          </select>
        </Labeled>
        <Labeled label={t('contact')} error={errorOf('contact')} required htmlFor={id('contact')}>
          <input id={id('contact')} className={form.control} value={values.contact} placeholder={t('contactPlaceholder', { type: t(`contactTypes.${values.contact_type}`) })} aria-invalid={errors.contact ? true : undefined} onChange={(event) => edit('contact')(event.target.value)} />
        </Labeled>
      </div>

      <ImageUpload label={t('idPhoto')} hint={t('idPhotoHint')} shape="card" value={values.id_photo} onChange={edit('id_photo')} upload={uploadIdPhoto} required error={errorOf('id_photo')} />

      <Labeled
        label={t('profile')}
        error={errorOf('profile')}
        required
        htmlFor={id('profile')}
        hint={<span className={form.counter} data-over={words < profileMinWords && values.profile !== ''}>{t('profileWords', { count: words, min: profileMinWords })}</span>}
      >
        <textarea id={id('profile')} className={form.control} value={values.profile} placeholder={t('profilePlaceholder')} aria-invalid={errors.profile ? true : undefined} onChange={(event) => edit('profile')(event.target.value)} />
      </Labeled>

      <div className={form.row}>
        <Labeled label={t('phone')} error={errorOf('phone')} required>
          <PhoneField value={values.phone} onChange={edit('phone')} locale={locale} disabled={pending} />
        </Labeled>
        <Labeled label={t('code')} error={errorOf('code')} required>
          <CodeField
            value={values.code}
            onChange={edit('code')}
            disabled={pending}
            sendLabel={sendControl.label}
            sendDisabled={sendControl.disabled}
            onSend={() => void sendControl.send(values.phone, 'login')}
          />
        </Labeled>
      </div>

      <Labeled label={t('introducer')} error={errorOf('introducer')} htmlFor={id('introducer')} hint={t('introducerHint')}>
        <input id={id('introducer')} className={form.control} value={values.introducer} aria-invalid={errors.introducer ? true : undefined} onChange={(event) => edit('introducer')(event.target.value)} />
      </Labeled>

      {failure ? (
        <p className={form.formError} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={form.primary} disabled={pending} aria-busy={pending}>
          {pending ? t('submitting') : t('submit')}
        </button>
      </div>
    </form>
  );
}

function StatusCard({ tone, icon, title, children }: { tone: 'info' | 'success' | 'danger'; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className={styles.status} data-tone={tone} aria-label={title}>
      <div className={styles.statusIcon}>{icon}</div>
      <div className={styles.statusBody}>
        <h2 className={styles.statusTitle}>{title}</h2>
        {children}
      </div>
    </section>
  );
}

function Submitted({ view }: { view: ApplicationView }) {
  const t = useTranslations('anchor.apply');
  const { dateTime } = useDateFormat();
  const app = view.application;
  if (!app) return null;
  const when = (seconds: number) => dateTime({ unixSeconds: seconds });
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('realName')}</dt>
        <dd>{app.real_name}</dd>
      </div>
      <div>
        <dt>{t(`contactTypes.${app.contact_type}`)}</dt>
        <dd>{app.contact}</dd>
      </div>
      <div>
        <dt>{t('idNumber')}</dt>
        <dd>{app.id_number}</dd>
      </div>
      <div>
        <dt>{t('phone')}</dt>
        <dd>{app.phone}</dd>
      </div>
      {view.submitted_at ? (
        <div>
          <dt>{t('submittedAt')}</dt>
          <dd>{when(view.submitted_at)}</dd>
        </div>
      ) : null}
      {view.reviewed_at ? (
        <div>
          <dt>{t('reviewedAt')}</dt>
          <dd>{when(view.reviewed_at)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function ApplicationStatus({ ticketSwitch }: { ticketSwitch: number }) {
  const t = useTranslations('anchor.apply');
  const queryClient = useQueryClient();
  const application = useQuery(applicationQuery);
  const [retrying, setRetrying] = useState(false);

  if (application.isPending) return <Placeholder />;
  if (application.isError) {
    return (
      <StatusCard tone="danger" icon={<AlertIcon size={28} />} title={t('loadFailed')}>
        <p className={styles.statusText}>{application.error.message}</p>
        <button type="button" className={form.secondary} onClick={() => void application.refetch()}>
          {t('retry')}
        </button>
      </StatusCard>
    );
  }

  const view = application.data;
  const submitted = (next: ApplicationView) => {
    queryClient.setQueryData(anchorQueryKeys.application, next);
    setRetrying(false);
  };

  if (view.status === applicationStatus.verifying) {
    return (
      <StatusCard tone="info" icon={<ClockIcon size={28} />} title={t('status.verifying')}>
        <p className={styles.statusText}>{t('verifyingText')}</p>
        <Submitted view={view} />
      </StatusCard>
    );
  }
  if (view.status === applicationStatus.verified) {
    return (
      <StatusCard tone="success" icon={<CheckCircleIcon size={28} />} title={t('status.verified')}>
        <p className={styles.statusText}>{t('verifiedText')}</p>
        <div className={styles.actions}>
          <StartLiveButton className={form.primary} ticketSwitch={ticketSwitch}>
            <VideoIcon size={18} />
            {t('startLive')}
          </StartLiveButton>
          <Link href={siteRoutes.centerAnchor} className={form.secondary} onClick={() => void queryClient.invalidateQueries({ queryKey: userQueryKeys.anchorStatus })}>
            {t('anchorCentre')}
          </Link>
        </div>
      </StatusCard>
    );
  }
  if (view.status === applicationStatus.failed && !retrying) {
    return (
      <StatusCard tone="danger" icon={<AlertIcon size={28} />} title={t('status.failed')}>
        <p className={styles.statusText}>{view.reject_reason ? t('failedReason', { reason: view.reject_reason }) : t('failedText')}</p>
        <Submitted view={view} />
        <div className={styles.actions}>
          <button type="button" className={form.primary} onClick={() => setRetrying(true)}>
            {t('retryApply')}
          </button>
        </div>
      </StatusCard>
    );
  }
  return (
    <>
      <section className={styles.intro} aria-label={t('status.notCertified')}>
        <div className={styles.introIcon}>
          <MicIcon size={26} />
        </div>
        <div>
          <p className={styles.introStatus}>{t('status.notCertified')}</p>
          <p className={styles.introText}>{t('introText')}</p>
        </div>
      </section>
      <ApplicationForm previous={view.application} onSubmitted={submitted} />
    </>
  );
}

export function ApplyAnchor({ ticketSwitch }: { ticketSwitch: number }) {
  return <AnchorGate>{() => <ApplicationStatus ticketSwitch={ticketSwitch} />}</AnchorGate>;
}
