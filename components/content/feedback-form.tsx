'use client';
// The feedback form of /about/3: checked with the same schema as the API before it is sent; the
// server's answer (a limit reached, a rule broken) is shown as it comes, in the page's language.
import { useId, useState, type FormEvent } from 'react';
import { api, ApiError } from '@/lib/http';
import { feedbackCategories, feedbackContentMax, feedbackInput, type FeedbackCategory } from '@/lib/validation/feedback';
import styles from './feedback-form.module.css';

export type FeedbackFormTexts = {
  title: string;
  category: string;
  categories: Record<FeedbackCategory, string>;
  content: string;
  contentHint: string;
  contact: string;
  contactHint: string;
  submit: string;
  sending: string;
  sent: string;
  sentHint: string;
  another: string;
  failed: string;
  charactersLeft: string;
  /** Schema message keys (feedback.validation.*) → their text. */
  errors: Record<string, string>;
};

type Field = 'category' | 'content' | 'contact';
type FormState = { status: 'editing' | 'sending' } | { status: 'sent' };

export function FeedbackForm({ texts }: { texts: FeedbackFormTexts }) {
  const id = useId();
  const [category, setCategory] = useState<FeedbackCategory>('bug');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<FormState>({ status: 'editing' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const parsed = feedbackInput.safeParse({ category, content, contact });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'category' || field === 'content' || field === 'contact') && !found[field]) found[field] = texts.errors[issue.message] ?? texts.failed;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setState({ status: 'sending' });
    try {
      await api.post('/api/feedback/submit', parsed.data);
      setState({ status: 'sent' });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : texts.failed);
      setState({ status: 'editing' });
    }
  }

  if (state.status === 'sent') {
    return (
      <section className={styles.card} aria-live="polite">
        <h2 className={styles.title}>{texts.sent}</h2>
        <p className={styles.hint}>{texts.sentHint}</p>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            setContent('');
            setContact('');
            setState({ status: 'editing' });
          }}
        >
          {texts.another}
        </button>
      </section>
    );
  }

  const left = feedbackContentMax - content.trim().length;
  const describedBy = (field: Field, hint?: string) => [hint, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {texts.title}
      </h2>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-category`} className={styles.label}>
            {texts.category}
          </label>
          <select
            id={`${id}-category`}
            className={styles.input}
            value={category}
            onChange={(event) => setCategory(event.target.value as FeedbackCategory)}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={describedBy('category')}
          >
            {feedbackCategories.map((value) => (
              <option key={value} value={value}>
                {texts.categories[value]}
              </option>
            ))}
          </select>
          {errors.category ? (
            <p id={`${id}-category-error`} className={styles.error}>
              {errors.category}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-content`} className={styles.label}>
            {texts.content}
          </label>
          <textarea
            id={`${id}-content`}
            className={`${styles.input} ${styles.textarea}`}
            value={content}
            rows={6}
            maxLength={feedbackContentMax + 50}
            onChange={(event) => setContent(event.target.value)}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={describedBy('content', `${id}-content-hint`)}
            required
          />
          <p id={`${id}-content-hint`} className={styles.hint}>
            {texts.contentHint} <span className={left < 0 ? styles.over : undefined}>{texts.charactersLeft.replace('{count}', String(left))}</span>
          </p>
          {errors.content ? (
            <p id={`${id}-content-error`} className={styles.error}>
              {errors.content}
            </p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-contact`} className={styles.label}>
            {texts.contact}
          </label>
          <input
            id={`${id}-contact`}
            className={styles.input}
            value={contact}
            onChange={(event) => setContact(event.target.value)}
            autoComplete="email"
            inputMode="email"
            aria-invalid={errors.contact ? true : undefined}
            aria-describedby={describedBy('contact', `${id}-contact-hint`)}
          />
          <p id={`${id}-contact-hint`} className={styles.hint}>
            {texts.contactHint}
          </p>
          {errors.contact ? (
            <p id={`${id}-contact-error`} className={styles.error}>
              {errors.contact}
            </p>
          ) : null}
        </div>
        {failure ? (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className={styles.submit} disabled={state.status === 'sending'}>
          {state.status === 'sending' ? texts.sending : texts.submit}
        </button>
      </form>
    </section>
  );
}
