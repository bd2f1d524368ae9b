'use client';
// An image tile that uploads what is picked (live covers, the ID photo): the §5 cover rule first (wrong type or
// oversize → error toast), then the upload; the preview is the picked file itself, so private uploads show too.
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useToast } from '@/stores/toast-store';
import { errorText } from '@/lib/http/error-text';
import { CameraIcon, CloseIcon } from '@/components/shell/icons';
import { useKeyText } from './key-text';
import { coverAccept, coverFileProblem } from './live-form';
import styles from './anchor-form.module.css';

/** Spec §5, §9: the upload indicator gives up after 3 s; the upload itself goes on. */
const uploadIndicatorMs = 3000;

type ImageUploadProps = {
  label: string;
  hint: string;
  shape: 'landscape' | 'portrait' | 'card';
  /** The stored value (a path or name); empty when nothing is uploaded. */
  value: string;
  onChange: (value: string) => void;
  upload: (file: File) => Promise<string>;
  required?: boolean;
  error?: string;
};

export function ImageUpload({ label, hint, shape, value, onChange, upload, required, error }: ImageUploadProps) {
  const t = useTranslations('anchor.upload');
  const showToast = useToast();
  const keyText = useKeyText();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const errorId = useId();
  const [preview, setPreview] = useState('');
  const [uploading, setUploading] = useState(false);
  const [indicator, setIndicator] = useState(false);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  useEffect(() => {
    if (!uploading) return;
    setIndicator(true);
    const timer = setTimeout(() => setIndicator(false), uploadIndicatorMs);
    return () => {
      clearTimeout(timer);
      setIndicator(false);
    };
  }, [uploading]);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = coverFileProblem(file);
    if (problem) return showToast(keyText(problem), 'error');
    setUploading(true);
    try {
      const stored = await upload(file);
      setPreview(URL.createObjectURL(file));
      onChange(stored);
    } catch (failure) {
      showToast(errorText(failure, t('failed')), 'error');
    } finally {
      setUploading(false);
    }
  }

  const shown = value ? preview : '';
  return (
    <div className={styles.field}>
      <span id={labelId} className={`${styles.label} ${required ? styles.required : ''}`}>
        {label}
      </span>
      <div className={styles.tileWrap} data-shape={shape}>
        <button
          type="button"
          className={styles.tile}
          data-shape={shape}
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          data-invalid={error ? 'true' : undefined}
          aria-busy={uploading}
          disabled={uploading}
          onClick={() => input.current?.click()}
        >
          {shown ? <img src={shown} alt="" className={styles.tileImage} /> : null}
          {!shown && !indicator ? (
            <span className={styles.tileEmpty}>
              <CameraIcon size={24} />
              {value ? t('uploaded') : t('choose')}
            </span>
          ) : null}
          {indicator ? (
            <span className={styles.tileBusy}>
              <span className={styles.spinner} aria-label={t('uploading')} role="img" />
            </span>
          ) : null}
        </button>
        {value && !uploading ? (
          <button type="button" className={styles.tileRemove} aria-label={t('remove', { field: label })} onClick={() => onChange('')}>
            <CloseIcon size={14} />
          </button>
        ) : null}
      </div>
      <input
        ref={input}
        type="file"
        accept={coverAccept}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void pick(event)}
      />
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : (
        <p className={styles.hint}>{hint}</p>
      )}
    </div>
  );
}
