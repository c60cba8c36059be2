import { useTranslation } from 'react-i18next';

/** A failed catalogue call: said plainly, with a retry, instead of an empty page. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('catalog');
  return (
    <div className="load-error" role="alert">
      <p>{t('error.text')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('error.retry')}
      </button>
    </div>
  );
}
