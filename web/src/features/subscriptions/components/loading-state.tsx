import { useTranslation } from 'react-i18next';

/**
 * What a refills page shows before its data: the problem (with a retry when one can help), else that it is
 * loading.
 */
export function LoadingState({ problem, retry }: { problem: string | null; retry?: () => void }) {
  const { t } = useTranslation('subscriptions');
  if (problem === null) {
    return (
      <p className="page-intro__lead" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="refill-message" role="alert">
      <p>{problem}</p>
      {retry && (
        <button type="button" className="button" onClick={retry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}
