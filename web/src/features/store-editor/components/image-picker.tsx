import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { serverMessageOf } from './field-errors';
import { IMAGE_ACCEPT, imageRefusal } from './image-rules';

interface ImagePickerProps {
  label: string;
  /** The image the server holds (URL) or null. */
  current: string | null;
  /** Sends the file; rejects with the server's refusal. */
  onUpload: (file: File) => Promise<unknown>;
  /** Removes the image; absent where the API has no removal (package images). */
  onRemove?: () => Promise<unknown>;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * An image of a section: the current one, a file chooser checked before sending (type and size), a
 * preview of the chosen file while it uploads, and the server's message when it refuses the file.
 */
export function ImagePicker({ label, current, onUpload, onRemove }: ImagePickerProps) {
  const { t } = useTranslation('store-editor');
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = imageRefusal(file);
    if (refusal) {
      setError(t(refusal === 'type' ? 'image.wrong-type' : 'image.too-large'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setPreview(await readAsDataUrl(file).catch(() => null));
      await onUpload(file);
    } catch (refused) {
      setError(serverMessageOf(refused) ?? t('image.failed'));
    } finally {
      setPreview(null);
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!onRemove) return;
    setError(null);
    setBusy(true);
    try {
      await onRemove();
    } catch (refused) {
      setError(serverMessageOf(refused) ?? t('image.failed'));
    } finally {
      setBusy(false);
    }
  };

  const shown = preview ?? current;
  return (
    <div className="store-image" role="group" aria-labelledby={`${id}-label`} aria-busy={busy || undefined}>
      <p id={`${id}-label`} className="store-field__label">
        {label}
      </p>
      <div className="store-image__frame">
        {shown ? (
          <img className="store-image__img" src={shown} alt={preview ? t('image.preview', { label }) : t('image.current', { label })} />
        ) : (
          <span className="store-image__empty">{t('image.none')}</span>
        )}
      </div>
      <div className="store-image__actions">
        <input
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={busy}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          onChange={(event) => void choose(event)}
        />
        <label htmlFor={`${id}-file`} className="button button--secondary store-image__choose">
          {busy ? t('image.uploading') : current ? t('image.replace') : t('image.choose')}
        </label>
        {onRemove && current && !busy && (
          <button type="button" className="button button--secondary" onClick={() => void remove()}>
            {t('image.remove')}
          </button>
        )}
      </div>
      <p id={`${id}-help`} className="store-field__help">
        {t('image.help')}
      </p>
      {error && (
        <p id={`${id}-error`} className="store-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
