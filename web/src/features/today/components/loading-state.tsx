import { useTranslation } from 'react-i18next';

/** What the day shows before its data: the problem with a retry, else that it is loading. */
export function LoadingState({ problem, retry }: { problem: string | null; retry: () => void }) {
  const { t } = useTranslation('today');
  if (problem === null) {
    return (
      <p className="today-message" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  return (
    <div className="today-message" role="alert">
      <p>{problem}</p>
      <button type="button" className="button" onClick={retry}>
        {t('retry')}
      </button>
    </div>
  );
}
