'use client';
// The quiz button on the video: the room's quizzes (and, for the anchor, creating and running them) in a panel whose
// code loads on the first press, so the room's first load carries none of it.
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import styles from './quiz.module.css';

const QuizPanel = dynamic(() => import('./quiz-panel'), { ssr: false });

export function QuizButton() {
  const t = useTranslations('quiz.panel');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.quizButton} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4" />
        </svg>
        <span>{t('open')}</span>
      </button>
      {open ? <QuizPanel onClose={() => setOpen(false)} /> : null}
    </>
  );
}
