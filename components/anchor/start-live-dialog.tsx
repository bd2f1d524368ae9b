'use client';
// The start-live settings dialog (spec §2.4 item 5, §3 live form, §5): category and secondary category, competition
// and match for category 2, title, covers, the masked push address and key with copy, fast push, the ticket switch.
// "Go live now" starts at once and opens the room; "Plan a live" also needs a start time and the vertical cover.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { siteRoutes } from '@/lib/routes';
import { hdTicketCost, liveTitleMax } from '@/lib/validation/live-constants';
import { useToast } from '@/stores/toast-store';
import { errorText } from '@/lib/http/error-text';
import { CloseIcon } from '@/components/shell/icons';
import { CalendarIcon, VideoIcon } from '@/components/shell/icons';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { Tabs } from '@/components/ui/tabs';
import { userQueryKeys } from '@/components/user/user-api';
import {
  anchorQueryKeys, categoriesQuery, competitionsQuery, createPlan, matchesQuery, startLive, streamInfoQuery, uploadCover, type SportMatch,
} from './anchor-api';
import { CredentialField } from './credential-field';
import { ImageUpload } from './image-upload';
import { useKeyText } from './key-text';
import {
  clampTitle, emptyLiveForm, matchCategoryId, planPayload, startLivePayload, type LiveForm, type LiveFormErrors, type LiveFormField,
} from './live-form';
import form from './anchor-form.module.css';
import styles from './start-live-dialog.module.css';
import { useDateFormat } from '@/components/shell/local-time';

export type StartLiveMode = 'now' | 'plan';

type StartLiveDialogProps = {
  anchorId: number;
  /** The brand's ticket_switch (spec §2.4 item 5: the ticket switch shows only when it is 1). */
  ticketSwitch: number;
  onClose: () => void;
  initialMode?: StartLiveMode;
};

/** A `datetime-local` value for now, in the browser's time zone: the earliest a live can be planned. */
function localNow(): string {
  const now = new Date();
  now.setSeconds(0, 0);
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function Field({ label, error, required, children, counter }: { label: string; error?: string; required?: boolean; children: (ids: { id: string; errorId: string }) => ReactNode; counter?: ReactNode }) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        <span className={required ? form.required : undefined}>{label}</span>
        {counter}
      </label>
      {children({ id, errorId })}
      {error ? (
        <p id={errorId} className={form.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function StartLiveDialog({ anchorId, ticketSwitch, onClose, initialMode = 'now' }: StartLiveDialogProps) {
  const t = useTranslations('anchor.dialog');
  const { dateTime } = useDateFormat();
  const router = useRouter();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const keyText = useKeyText();
  const titleId = useId();
  const formId = useId();
  const [mode, setMode] = useState<StartLiveMode>(initialMode);
  const [values, setValues] = useState<LiveForm>(emptyLiveForm);
  const [errors, setErrors] = useState<LiveFormErrors>({});
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);

  const categories = useQuery(categoriesQuery);
  const stream = useQuery(streamInfoQuery);
  const footballChosen = Number(values.category) === matchCategoryId;
  const competitions = useQuery({ ...competitionsQuery(matchCategoryId), enabled: footballChosen });
  const matches = useQuery({ ...matchesQuery(matchCategoryId, values.competition), enabled: footballChosen && values.competition !== '' });

  const secondary = categories.data?.find((category) => String(category.id) === values.category)?.second_category ?? [];
  const webrtcOffered = (stream.data?.web_rtc_push_url ?? '') !== '';
  const titleLength = Array.from(values.title.trim()).length;

  function edit(changes: Partial<LiveForm>) {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(changes) as LiveFormField[]) delete next[field];
      return next;
    });
    setFailure('');
  }

  const errorOf = (field: LiveFormField) => (errors[field] ? keyText(errors[field]) : undefined);
  const invalid = (field: LiveFormField, errorId: string) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  /** Runs a start or a plan; a failure stays in the dialog's error line. */
  async function run(action: () => Promise<void>) {
    setPending(true);
    try {
      await action();
    } catch (error) {
      setFailure(errorText(error, t(mode === 'now' ? 'startFailed' : 'planFailed')));
      // A key reset in another tab makes the credentials shown here stale.
      void queryClient.invalidateQueries({ queryKey: anchorQueryKeys.streamInfo });
      setPending(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (mode === 'now') {
      const checked = startLivePayload(values, stream.data);
      if (!checked.ok) return setErrors(checked.errors);
      void run(async () => {
        const started = await startLive(checked.payload);
        void queryClient.invalidateQueries({ queryKey: userQueryKeys.anchorStatus });
        showToast(t('started'), 'success');
        onClose();
        router.push(started.room_path);
      });
    } else {
      const checked = planPayload(values, anchorId);
      if (!checked.ok) return setErrors(checked.errors);
      void run(async () => {
        await createPlan(checked.payload);
        void queryClient.invalidateQueries({ queryKey: anchorQueryKeys.plans });
        showToast(t('planned'), 'success');
        onClose();
        router.push(siteRoutes.liveManagement);
      });
    }
  }

  const matchLabel = (match: SportMatch) => {
    const kickoff = dateTime({ unixSeconds: match.start_time });
    return `${match.status === 'live' ? `${t('liveNow')} · ` : ''}${match.home} – ${match.away} · ${kickoff}`;
  };

  return (
    <DialogFrame
      className={styles.dialog}
      aria-labelledby={titleId}
      onDismiss={() => {
        if (!pending) onClose();
      }}
    >
      <header className={styles.header}>
        <div className={styles.headerIcon}>
          <VideoIcon size={20} />
        </div>
        <div className={styles.headerText}>
          <h2 id={titleId} className={styles.title}>
            {t('title')}
          </h2>
          <p className={styles.subtitle}>{t(mode === 'now' ? 'subtitleNow' : 'subtitlePlan')}</p>
        </div>
        <button type="button" className={styles.close} aria-label={t('close')} onClick={onClose} disabled={pending}>
          <CloseIcon size={20} />
        </button>
      </header>

      <Tabs
        variant="segmented"
        items={(['now', 'plan'] as const).map((option) => ({
          id: option,
          label: (
            <>
              {option === 'now' ? <VideoIcon size={16} /> : <CalendarIcon size={16} />}
              {t(option === 'now' ? 'modeNow' : 'modePlan')}
            </>
          ),
        }))}
        value={mode}
        onChange={(option) => {
          setMode(option);
          setErrors({});
          setFailure('');
        }}
        label={t('modeLabel')}
        panelId={() => formId}
        disabled={pending}
        className={styles.tabs}
      />

      <form id={formId} role="tabpanel" className={`${styles.body} ${form.form}`} onSubmit={submit} noValidate>
        <div className={form.row}>
          <Field label={t('category')} error={errorOf('category')} required>
            {({ id, errorId }) => (
              <select
                id={id}
                className={form.control}
                value={values.category}
                onChange={(event) => edit({ category: event.target.value, region: '', competition: '', session: '' })}
                {...invalid('category', errorId)}
              >
                <option value="">{categories.isPending ? t('loading') : t('selectCategory')}</option>
                {categories.data?.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('secondaryCategory')} error={errorOf('region')} required>
            {({ id, errorId }) => (
              <select
                id={id}
                className={form.control}
                value={values.region}
                disabled={values.category === ''}
                onChange={(event) => edit({ region: event.target.value })}
                {...invalid('region', errorId)}
              >
                <option value="">{t('selectSecondary')}</option>
                {secondary.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>

        {footballChosen ? (
          <div className={form.row}>
            <Field label={t('competition')}>
              {({ id }) => (
                <select id={id} className={form.control} value={values.competition} onChange={(event) => edit({ competition: event.target.value, session: '' })}>
                  <option value="">{competitions.isPending ? t('loading') : competitions.data?.length ? t('selectCompetition') : t('noCompetitions')}</option>
                  {competitions.data?.map((competition) => (
                    <option key={competition.comp_id} value={competition.comp}>
                      {competition.comp_name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('match')} error={errorOf('session')}>
              {({ id, errorId }) => (
                <select
                  id={id}
                  className={form.control}
                  value={values.session}
                  disabled={values.competition === ''}
                  onChange={(event) => edit({ session: event.target.value })}
                  {...invalid('session', errorId)}
                >
                  <option value="">{values.competition !== '' && matches.isPending ? t('loading') : t('selectMatch')}</option>
                  {matches.data?.map((match) => (
                    <option key={match.match_id} value={match.match_id}>
                      {matchLabel(match)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        ) : null}

        <Field
          label={t('liveTitle')}
          error={errorOf('title')}
          required
          counter={
            <span className={form.counter} data-full={titleLength >= liveTitleMax}>
              {t('counter', { count: titleLength, max: liveTitleMax })}
            </span>
          }
        >
          {({ id, errorId }) => (
            <input
              id={id}
              className={form.control}
              value={values.title}
              placeholder={t('titlePlaceholder')}
              autoComplete="off"
              // The browser's limit counts UTF-16 units, the server counts characters: clamp by characters as they
              // are typed or pasted, but leave an input method's unfinished composition alone until it is done.
              onChange={(event) => edit({ title: event.nativeEvent instanceof InputEvent && event.nativeEvent.isComposing ? event.target.value : clampTitle(event.target.value) })}
              onCompositionEnd={(event) => edit({ title: clampTitle(event.currentTarget.value) })}
              {...invalid('title', errorId)}
            />
          )}
        </Field>

        <div className={form.uploads}>
          <ImageUpload
            label={t('cover')}
            hint={t('coverHint')}
            shape="landscape"
            value={values.imageUrl}
            onChange={(imageUrl) => edit({ imageUrl })}
            upload={uploadCover}
            error={errorOf('imageUrl')}
          />
          <ImageUpload
            label={t('coverVertical')}
            hint={t('coverVerticalHint')}
            shape="portrait"
            value={values.imageUrlV}
            onChange={(imageUrlV) => edit({ imageUrlV })}
            upload={uploadCover}
            required={mode === 'plan'}
            error={errorOf('imageUrlV')}
          />
        </div>

        {mode === 'plan' ? (
          <Field label={t('schedule')} error={errorOf('schedule')} required>
            {({ id, errorId }) => (
              <input
                id={id}
                type="datetime-local"
                className={form.control}
                value={values.schedule}
                min={localNow()}
                onChange={(event) => edit({ schedule: event.target.value })}
                {...invalid('schedule', errorId)}
              />
            )}
          </Field>
        ) : null}

        {ticketSwitch === 1 ? (
          <div className={form.field}>
            <div className={form.switchRow}>
              <div className={form.switchText}>
                <span className={form.switchLabel} id={`${formId}-ticket`}>
                  {t('ticketSwitch')}
                </span>
                {/* The spec's ticket count, shown as what it is: the price of HD, which the server fixes (docs/live.md). */}
                <span className={form.hint} id={`${formId}-ticket-hint`}>
                  {t('ticketHint', { count: hdTicketCost })}
                </span>
              </div>
              <button
                type="button"
                role="switch"
                className={form.switch}
                aria-checked={values.ticketOn}
                aria-labelledby={`${formId}-ticket`}
                aria-describedby={`${formId}-ticket-hint`}
                onClick={() => edit({ ticketOn: !values.ticketOn, ticket: values.ticketOn ? '' : String(hdTicketCost) })}
              />
            </div>
            {errors.ticket ? <p className={form.error}>{errorOf('ticket')}</p> : null}
          </div>
        ) : null}

        {mode === 'now' ? (
          <section className={form.section} aria-labelledby={`${formId}-push`}>
            <h3 id={`${formId}-push`} className={form.sectionTitle}>
              {t('pushTitle')}
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
                <CredentialField label={t('pushKey')} value={stream.data?.push_key ?? ''} hint={t('pushHint')} />
              </>
            )}
            <div className={form.switchRow}>
              <div className={form.switchText}>
                <span className={form.switchLabel} id={`${formId}-fast`}>
                  {t('fastPush')}
                </span>
                <span className={form.hint}>{webrtcOffered ? t('fastPushHint') : t('fastPushUnavailable')}</span>
              </div>
              <button
                type="button"
                role="switch"
                className={form.switch}
                aria-checked={values.fastPush}
                aria-labelledby={`${formId}-fast`}
                disabled={!webrtcOffered}
                onClick={() => edit({ fastPush: !values.fastPush })}
              />
            </div>
            {values.fastPush && webrtcOffered ? <CredentialField label={t('fastPushUrl')} value={stream.data?.web_rtc_push_url ?? ''} /> : null}
          </section>
        ) : null}

        {failure ? (
          <p className={form.formError} role="alert">
            {failure}
          </p>
        ) : null}
      </form>

      <footer className={styles.footer}>
        <button type="button" className={form.secondary} onClick={onClose} disabled={pending}>
          {t('cancel')}
        </button>
        <button type="submit" form={formId} className={form.primary} disabled={pending} aria-busy={pending}>
          {pending ? t('working') : t(mode === 'now' ? 'start' : 'plan')}
        </button>
      </footer>
    </DialogFrame>
  );
}
