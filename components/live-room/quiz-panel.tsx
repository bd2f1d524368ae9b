'use client';
// The live room's quiz panel (spec §2.4 item 10): the room's open quizzes with their pools, bettors and implied odds,
// kept current by the room's `quiz` messages, and the bet chips of the app config; a bet closes on the server at the
// close time whatever this shows. The room's anchor also creates quizzes here (the creation dialog) and starts them
// (the start dialog: a started quiz cannot be cancelled or edited), draws them once betting has closed, and cancels
// the ones not started. Loaded on first use.
import { useId, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import { readStoredUserId } from '@/lib/http/stored-session';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { matchMarkets, quizCloseMinMinutes, quizMinBetFloor, type MatchMarket, type QuizOption } from '@/lib/validation/quiz-constants';
import type { QuizBetReply, QuizMatches, QuizView } from '@/lib/validation/quizzes';
import { applyQuiz, chipsQuery, linkableMatchesQuery, manageQuery, quizQueryKeys, roomQuizzesQuery } from '@/components/quiz/quiz-api';
import { formatBalance } from '@/components/user/user-numbers';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { DialogHeader } from '@/components/ui/dialog-header';
import { ShowMore } from '@/components/ui/show-more';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';
import { useRoom } from './room-context';
import styles from './quiz.module.css';

/** Over/under lines the picker offers (half goals, so a result is never a push). */
const goalLines = ['0.5', '1.5', '2.5', '3.5', '4.5'];

function useAmount() {
  const uiLocale = useLocale();
  const locale: Locale = isLocale(uiLocale) ? uiLocale : 'en-US';
  return (hundredths: number) => formatBalance(hundredths, locale);
}

function QuizCard({ quiz, canBet }: { quiz: QuizView; canBet: boolean }) {
  const t = useTranslations('quiz');
  const amount = useAmount();
  const toast = useToast();
  const queryClient = useQueryClient();
  const openLogin = useSessionStore((state) => state.openLogin);
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  const chips = useQuery(chipsQuery).data ?? [];
  const [stake, setStake] = useState<number | null>(null);
  const chosen = stake ?? chips.find((chip) => chip >= quiz.min_bet) ?? quiz.min_bet;
  const open = quiz.status === 'in_progress' && quiz.close_time > Date.now();
  const bet = useMutation({
    mutationFn: (option: QuizOption) => api.post<QuizBetReply>('/api/guess/bet', { guess_id: quiz.guess_id, option, amount: chosen, idempotency_key: crypto.randomUUID() }),
    onSuccess: (reply) => {
      updateUserInfo({ diamond: reply.bal.diamond, gold: reply.bal.gold });
      toast(t('panel.placed'), 'success');
      void queryClient.invalidateQueries({ queryKey: quizQueryKeys.room(quiz.anchor_id) });
      void queryClient.invalidateQueries({ queryKey: quizQueryKeys.bets });
    },
    onError: (failure) => toast(errorText(failure, t('panel.loadFailed')), 'error'),
  });
  const place = (option: QuizOption) => {
    if (readStoredUserId() === undefined) return openLogin();
    bet.mutate(option);
  };
  const side = (option: QuizOption, data: QuizView['a']) => (
    <div className={styles.side} data-option={option}>
      <span className={styles.sideText}>
        {option}. {data.text}
      </span>
      <span className={styles.sideFigures}>
        {t('panel.pool', { amount: amount(data.pool) })} · {t('panel.bettors', { count: data.bettors })} · {t('panel.odds', { odds: data.odds.toFixed(2) })}
      </span>
      {canBet && open ? (
        <Button size="sm" onClick={() => place(option)} loading={bet.isPending && bet.variables === option} disabled={bet.isPending}>
          {t('panel.betOn', { option: data.text })}
        </Button>
      ) : null}
    </div>
  );
  return (
    <li className={styles.card} data-guess-id={quiz.guess_id}>
      <p className={styles.question}>{quiz.question}</p>
      <p className={styles.meta}>
        <span className={styles.status}>{t(`status.${quiz.status}`)}</span> · {t('panel.closesAt', { time: new Date(quiz.close_time).toLocaleTimeString() })} ·{' '}
        {t('panel.minBet', { amount: amount(quiz.min_bet) })}
        {quiz.market ? ` · ${t('panel.settlesOn', { market: t(`market.${quiz.market}`, { line: (quiz.line_tenths ?? 0) / 10 }) })}` : null}
      </p>
      {side('A', quiz.a)}
      {side('B', quiz.b)}
      {canBet && open && chips.length > 0 ? (
        <div className={styles.chips} role="group" aria-label={t('panel.stake')}>
          {chips.map((chip) => (
            <button key={chip} type="button" className={styles.chip} aria-pressed={chip === chosen} disabled={chip < quiz.min_bet} onClick={() => setStake(chip)}>
              {amount(chip)}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

type CreateValues = { question: string; option_a: string; option_b: string; min_bet: string; minutes: string; match: string; market: MatchMarket; line: string };
type MatchChoice = QuizMatches['list'][number];

/** The question and options a match market suggests (the anchor may reword them; A is the home side or "over"). */
function useMarketWording() {
  const t = useTranslations('quiz.create.suggest');
  return (match: MatchChoice, market: MatchMarket, line: string) =>
    market === 'over_under'
      ? { question: t('over_under', { home: match.home, away: match.away, line }), option_a: t('over', { line }), option_b: t('under', { line }) }
      : { question: t(market, { home: match.home, away: match.away }), option_a: match.home, option_b: match.away };
}

/**
 * The anchor's creation dialog: question, options A and B, minimum bet and either the close time in minutes or a
 * match to follow (§5 rules on the server). A quiz that follows a match closes at kick-off and the match's result
 * settles it; choosing the match and its market fills in the wording.
 */
function CreateQuizForm() {
  const t = useTranslations('quiz');
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const wording = useMarketWording();
  const matches = useQuery(linkableMatchesQuery);
  const [values, setValues] = useState<CreateValues>({ question: '', option_a: '', option_b: '', min_bet: '1', minutes: String(quizCloseMinMinutes + 5), match: '', market: 'first_scorer', line: '2.5' });
  const chosenMatch = matches.data?.list.find((match) => String(match.match_id) === values.match);
  const create = useMutation({
    mutationFn: () =>
      api.post<QuizView>('/api/guess/create', {
        question: values.question,
        option_a: values.option_a,
        option_b: values.option_b,
        min_bet: Math.round(Number(values.min_bet) * 100),
        ...(chosenMatch
          ? { match_id: chosenMatch.match_id, market: values.market, ...(values.market === 'over_under' ? { line_tenths: Math.round(Number(values.line) * 10) } : {}) }
          : { close_time: Date.now() + Number(values.minutes) * 60_000 }),
      }),
    onSuccess: () => {
      toast(t('create.created'), 'success');
      setValues((current) => ({ ...current, question: '', option_a: '', option_b: '', match: '' }));
      void queryClient.invalidateQueries({ queryKey: quizQueryKeys.manage });
    },
    onError: (failure) => toast(errorText(failure, t('panel.loadFailed')), 'error'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const change = (patch: Partial<CreateValues>) =>
    setValues((current) => {
      const next = { ...current, ...patch };
      const match = matches.data?.list.find((item) => String(item.match_id) === next.match);
      const linkChanged = 'match' in patch || 'market' in patch || 'line' in patch;
      return match && linkChanged ? { ...next, ...wording(match, next.market, next.line) } : next;
    });
  const field = (name: 'question' | 'option_a' | 'option_b' | 'min_bet' | 'minutes', label: string, extra: Record<string, string | number> = {}) => (
    <label className={styles.field}>
      <span>{label}</span>
      <input name={name} value={values[name]} onChange={(event) => change({ [name]: event.target.value })} required {...extra} />
    </label>
  );
  const kickoff = (match: MatchChoice) => new Date(match.kickoff_time).toLocaleString([], { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={formId}>
      <h3 id={formId} className={styles.subtitle}>
        {t('create.title')}
      </h3>
      <label className={styles.field}>
        <span>{t('create.match')}</span>
        <select name="match" value={values.match} onChange={(event) => change({ match: event.target.value })}>
          <option value="">{t('create.noMatch')}</option>
          {matches.data?.list.map((match) => (
            <option key={match.match_id} value={match.match_id}>
              {t('create.matchChoice', { home: match.home, away: match.away, time: kickoff(match) })}
            </option>
          ))}
        </select>
      </label>
      {chosenMatch ? (
        <div className={styles.fieldRow}>
          <label className={styles.field}>
            <span>{t('create.market')}</span>
            <select name="market" value={values.market} onChange={(event) => change({ market: event.target.value as MatchMarket })}>
              {matchMarkets.map((market) => (
                <option key={market} value={market}>
                  {t(`market.${market}`, { line: values.line })}
                </option>
              ))}
            </select>
          </label>
          {values.market === 'over_under' ? (
            <label className={styles.field}>
              <span>{t('create.line')}</span>
              <select name="line" value={values.line} onChange={(event) => change({ line: event.target.value })}>
                {goalLines.map((line) => (
                  <option key={line} value={line}>
                    {line}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      ) : null}
      {field('question', t('create.question'))}
      {field('option_a', t('create.optionA'))}
      {field('option_b', t('create.optionB'))}
      {field('min_bet', t('create.minBet'), { type: 'number', min: quizMinBetFloor / 100, step: '0.01' })}
      {chosenMatch ? <p className={styles.meta}>{t('create.closesAtKickoff', { time: kickoff(chosenMatch) })}</p> : field('minutes', t('create.closeIn'), { type: 'number', min: quizCloseMinMinutes })}
      <Button type="submit" loading={create.isPending}>
        {t('create.submit')}
      </Button>
    </form>
  );
}

/** The anchor's quizzes: start (after the start dialog's warning), draw once betting closed, cancel before the start. */
function ManageList() {
  const t = useTranslations('quiz');
  const toast = useToast();
  const queryClient = useQueryClient();
  const quizzes = useInfiniteQuery(manageQuery);
  const [confirming, setConfirming] = useState<number | null>(null);
  const act = useMutation({
    mutationFn: ({ path, body }: { path: string; body: Record<string, unknown> }) => api.post<QuizView>(path, body),
    onSuccess: (quiz, { path }) => {
      applyQuiz(queryClient, quiz);
      if (path.endsWith('/start')) toast(t('create.started'), 'success');
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: quizQueryKeys.manage });
    },
    onError: (failure) => toast(errorText(failure, t('panel.loadFailed')), 'error'),
  });
  const list = quizzes.data?.pages.flatMap((page) => page.list) ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-label={t('panel.manage')}>
      <h3 className={styles.subtitle}>{t('panel.manage')}</h3>
      <ul className={styles.list}>
        {list.map((quiz) => (
          <li key={quiz.guess_id} className={styles.card} data-guess-id={quiz.guess_id}>
            <p className={styles.question}>{quiz.question}</p>
            <p className={styles.meta}>
              <span className={styles.status}>{t(`status.${quiz.status}`)}</span> · {quiz.a.text} / {quiz.b.text}
            </p>
            <div className={styles.actions}>
              {quiz.status === 'not_started' && confirming !== quiz.guess_id ? (
                <>
                  <Button size="sm" onClick={() => setConfirming(quiz.guess_id)}>
                    {t('panel.start')}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => act.mutate({ path: '/api/guess/cancel', body: { guess_id: quiz.guess_id } })}>
                    {t('panel.cancel')}
                  </Button>
                </>
              ) : null}
              {confirming === quiz.guess_id ? (
                <div role="alertdialog" aria-label={t('create.startTitle')} className={styles.confirm}>
                  <p>{t('create.startNote')}</p>
                  <Button size="sm" onClick={() => act.mutate({ path: '/api/guess/start', body: { guess_id: quiz.guess_id } })}>
                    {t('create.startConfirm')}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setConfirming(null)}>
                    {t('panel.close')}
                  </Button>
                </div>
              ) : null}
              {quiz.status === 'to_be_drawn' && quiz.match_id === null
                ? (['A', 'B'] as const).map((option) => (
                    <Button key={option} size="sm" onClick={() => act.mutate({ path: '/api/guess/draw', body: { guess_id: quiz.guess_id, winner: option } })}>
                      {t('panel.draw', { option: option === 'A' ? quiz.a.text : quiz.b.text })}
                    </Button>
                  ))
                : null}
            </div>
          </li>
        ))}
      </ul>
      <ShowMore query={quizzes} label={t('list.more')} />
    </section>
  );
}

export default function QuizPanel({ onClose }: { onClose: () => void }) {
  const t = useTranslations('quiz.panel');
  const { anchorId, viewerId } = useRoom();
  const titleId = useId();
  const quizzes = useQuery(roomQuizzesQuery(anchorId));
  const isAnchor = viewerId !== null && viewerId === anchorId;
  const list = quizzes.data ?? [];
  return (
    <DialogFrame className={styles.panel} aria-labelledby={titleId} onDismiss={onClose} closeOnBackdrop>
      <DialogHeader titleId={titleId} title={t('title')} closeLabel={t('close')} onClose={onClose} />
      <div className={styles.panelBody}>
        {quizzes.isError ? (
          <p className={styles.notice} role="alert">
            {errorText(quizzes.error, t('loadFailed'))}{' '}
            <button type="button" className={styles.linkButton} onClick={() => void quizzes.refetch()}>
              {t('retry')}
            </button>
          </p>
        ) : list.length === 0 && !quizzes.isPending ? (
          <p className={styles.notice}>{t('empty')}</p>
        ) : (
          <ul className={styles.list} aria-label={t('title')}>
            {list.map((quiz) => (
              <QuizCard key={quiz.guess_id} quiz={quiz} canBet={!isAnchor} />
            ))}
          </ul>
        )}
        {isAnchor ? (
          <>
            <CreateQuizForm />
            <ManageList />
          </>
        ) : null}
      </div>
    </DialogFrame>
  );
}
