'use client';
// The message box shared by private conversations and fan groups.
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import { privateMessageMaxLength, type PrivateImage } from '@/lib/validation/inbox';
import { Button } from '@/components/ui/button';
import { useToast } from '@/stores/toast-store';
import styles from './private-chat.module.css';

/** The message box of a conversation or a group: text, or an image uploaded first (judged and re-encoded by the server). */
export function Composer<Sent>({ send: sendMessage, onSent, placeholder }: { send: (content: string, imageUrl?: string) => Promise<Sent>; onSent: (sent: Sent) => void; placeholder?: string }) {
  const t = useTranslations('inbox.page');
  const toast = useToast();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (message: { content: string; imageUrl?: string }) => sendMessage(message.content, message.imageUrl),
    onSuccess: (sent, message) => {
      if (message.content) setText('');
      onSent(sent);
    },
    onError: (failure) => toast(errorText(failure, t('loadFailed')), 'error'),
  });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file);
      return api.post<PrivateImage>('/api/privateChat/upload', form);
    },
    onSuccess: (image) => send.mutate({ content: '', imageUrl: image.img_url }),
    onError: (failure) => toast(errorText(failure, t('loadFailed')), 'error'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send.mutate({ content: text.trim() });
  };
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  };
  return (
    <form className={styles.composer} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {placeholder ?? t('placeholder')}
      </label>
      <input id={inputId} className={styles.input} value={text} maxLength={privateMessageMaxLength} placeholder={placeholder ?? t('placeholder')} onChange={(event) => setText(event.target.value)} autoComplete="off" />
      <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/gif,image/bmp" className="visually-hidden" aria-label={t('image')} onChange={pick} tabIndex={-1} />
      <Button variant="secondary" onClick={() => fileInput.current?.click()} loading={upload.isPending}>
        {t('image')}
      </Button>
      <Button type="submit" loading={send.isPending} disabled={!text.trim()}>
        {t('send')}
      </Button>
    </form>
  );
}
