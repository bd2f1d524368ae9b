'use client';
// The slide-puzzle captcha (spec §2.4 item 2, §4): the 590×360 picture scaled to the popup, the piece on its
// row, a slider that moves it; letting go sends the piece's x in picture pixels. Success shows for 1 s and hands
// the solved id to the login; failure shows for 0.8 s and starts again on a new picture.
import { useEffect, useId, useReducer, useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslations } from 'next-intl';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { captchaPath, captchaVerify } from './auth-api';
import {
  answerX, captchaFailureMs, captchaImage, captchaPiece, captchaReducer, captchaSuccessMs, clampPieceX, initialCaptchaState,
  maxPieceX,
} from './captcha-machine';
import { ArrowRightIcon, CheckCircleIcon, ClearIcon, CloseIcon, RefreshIcon } from '@/components/shell/icons';
import styles from './captcha.module.css';

/** `x`: where the last pointer move put the piece, kept here so the drop never reads a stale render. */
type Drag = { pointerX: number; startX: number; travel: number; x: number };

const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

export function CaptchaPopup({ onVerified, onClose }: { onVerified: (captchaId: string) => void; onClose: () => void }) {
  const t = useTranslations('account.captcha');
  const [state, dispatch] = useReducer(captchaReducer, initialCaptchaState);
  const track = useRef<HTMLDivElement>(null);
  const knob = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const titleId = useId();
  const messageId = useId();

  const loading = state.status === 'loading';
  useEffect(() => {
    if (!loading) return;
    let current = true;
    captchaPath().then(
      (challenge) => current && dispatch({ type: 'loaded', challenge }),
      () => current && dispatch({ type: 'loadFailed' }),
    );
    return () => {
      current = false;
    };
  }, [loading]);

  // Answers that arrive after the popup closed are dropped.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Drops the piece: sends its x once (the server allows one try per picture), unless it never left the start. */
  function release(droppedAt: number) {
    if (state.status !== 'dragging') return;
    const x = clampPieceX(droppedAt);
    dispatch({ type: 'move', x });
    dispatch({ type: 'release' });
    if (x <= 0) return;
    captchaVerify(state.challenge.id, Math.round(x)).then(
      (accepted) => mounted.current && dispatch({ type: accepted ? 'accepted' : 'rejected' }),
      () => mounted.current && dispatch({ type: 'rejected' }),
    );
  }

  // The parent re-renders on its own (a running countdown); the success timer must not restart with it.
  const latestOnVerified = useRef(onVerified);
  useEffect(() => {
    latestOnVerified.current = onVerified;
  });
  const verdictId = state.status === 'verified' ? state.challenge.id : null;
  const failed = state.status === 'failed';
  useEffect(() => {
    if (verdictId === null) return;
    const timer = setTimeout(() => latestOnVerified.current(verdictId), captchaSuccessMs);
    return () => clearTimeout(timer);
  }, [verdictId]);
  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => dispatch({ type: 'refresh' }), captchaFailureMs);
    return () => clearTimeout(timer);
  }, [failed]);

  const challenge = state.status === 'loading' || state.status === 'loadFailed' ? null : state.challenge;
  const x = challenge ? answerX(state) : 0;
  const movable = state.status === 'dragging';

  function startDrag(event: PointerEvent<HTMLDivElement>) {
    if (!movable || !track.current || !knob.current) return;
    const travel = track.current.clientWidth - knob.current.offsetWidth;
    if (travel <= 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerX: event.clientX, startX: state.x, travel, x: state.x };
    dispatch({ type: 'grab' });
  }

  function moveDrag(event: PointerEvent<HTMLDivElement>) {
    const active = drag.current;
    if (!active) return;
    active.x = clampPieceX(active.startX + ((event.clientX - active.pointerX) / active.travel) * maxPieceX);
    dispatch({ type: 'move', x: active.x });
  }

  function endDrag() {
    const active = drag.current;
    if (!active) return;
    drag.current = null;
    release(active.x);
  }

  // The slider also answers the keyboard: arrows move the piece, Enter drops it.
  function onKnobKey(event: KeyboardEvent<HTMLDivElement>) {
    if (!movable) return;
    const step = event.shiftKey ? 20 : 4;
    const moves: Record<string, number> = { ArrowRight: x + step, ArrowUp: x + step, ArrowLeft: x - step, ArrowDown: x - step, Home: 0, End: maxPieceX };
    if (event.key in moves) {
      event.preventDefault();
      dispatch({ type: 'move', x: clampPieceX(moves[event.key]) });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      release(state.x);
    }
  }

  const message =
    state.status === 'verified' ? { tone: 'success', text: t('success') } : state.status === 'failed' ? { tone: 'failure', text: t('failure') } : null;
  const sliderStyle: CSSProperties & Record<'--progress', string> = { '--progress': String(x / maxPieceX) };

  return (
    <DialogFrame
      className={styles.popup}
      aria-labelledby={titleId}
      onDismiss={onClose}
    >
      <div className={styles.header}>
        <h3 id={titleId} className={styles.title}>
          {t('title')}
        </h3>
        <button
          type="button"
          className={styles.headerButton}
          aria-label={t('refresh')}
          title={t('refresh')}
          disabled={state.status === 'verifying' || state.status === 'verified' || state.status === 'loading'}
          onClick={() => dispatch({ type: 'refresh' })}
        >
          <RefreshIcon size={18} />
        </button>
        <button type="button" className={styles.headerButton} aria-label={t('close')} title={t('close')} onClick={onClose}>
          <CloseIcon size={18} />
        </button>
      </div>

      <div className={styles.frame} data-status={state.status} aria-busy={state.status === 'loading'}>
        {challenge ? (
          <>
            <img className={styles.picture} src={challenge.image} alt={t('image')} draggable={false} data-captcha="picture" />
            <img
              className={styles.piece}
              src={challenge.slide}
              alt=""
              draggable={false}
              data-captcha="piece"
              data-y={challenge.y}
              style={{
                left: percent(x, captchaImage.width),
                top: percent(challenge.y, captchaImage.height),
                width: percent(captchaPiece.width, captchaImage.width),
                height: percent(captchaPiece.height, captchaImage.height),
              }}
            />
          </>
        ) : null}
        {state.status === 'loading' ? <p className={styles.frameNote}>{t('loading')}</p> : null}
        {state.status === 'loadFailed' ? (
          <div className={styles.frameNote}>
            <p>{t('loadFailed')}</p>
            <button type="button" className={styles.retry} onClick={() => dispatch({ type: 'refresh' })}>
              {t('retry')}
            </button>
          </div>
        ) : null}
        <p id={messageId} className={styles.message} data-tone={message?.tone} role="status">
          {message ? (
            <>
              {message.tone === 'success' ? <CheckCircleIcon size={16} /> : <ClearIcon size={16} />}
              {message.text}
            </>
          ) : null}
        </p>
      </div>

      <div ref={track} className={styles.track} data-status={state.status} style={sliderStyle}>
        <div className={styles.fill} />
        <span className={styles.hint} aria-hidden={x > 0}>
          {t('hint')}
        </span>
        <div
          ref={knob}
          className={styles.knob}
          role="slider"
          tabIndex={movable ? 0 : -1}
          aria-label={t('slider')}
          aria-valuemin={0}
          aria-valuemax={maxPieceX}
          aria-valuenow={x}
          aria-disabled={!movable}
          aria-describedby={messageId}
          data-captcha="knob"
          onPointerDown={startDrag}
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKnobKey}
        >
          {state.status === 'verified' ? <CheckCircleIcon size={20} /> : <ArrowRightIcon size={20} />}
        </div>
      </div>
    </DialogFrame>
  );
}
