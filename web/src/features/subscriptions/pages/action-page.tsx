import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { ApiError } from '../../../lib/api/http';
import { formatDay } from '../../../lib/format/date';
import { useCurrentLanguage } from '../../../lib/i18n';
import { doSubscriptionAction } from '../api/do-subscription-action';
import { useSubscriptionAction } from '../api/get-subscription-action';
import { LoadingState } from '../components/loading-state';
import '../subscriptions.css';

/**
 * `/{lang}/refills/actions/{token}`: a one-click link of a parcel's notice ("skip this parcel", "pause"),
 * no sign-in needed. Opening it only reads what it does (a mail scanner's visit changes nothing); the one
 * button does it. A link past its parcel's day, or not the shop's, is a 404: the page says so and points to
 * the account's refills.
 */
export function ActionPage() {
  const { t } = useTranslation('subscriptions');
  const language = useCurrentLanguage();
  const token = useParams().token ?? '';
  const { data, error, mutate } = useSubscriptionAction(token);
  const [busy, setBusy] = useState(false);
  const [justDone, setJustDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toAccount = (
    <LocalizedLink className="button button--secondary" to={data ? `/account/refills/${String(data.subscription_id)}` : '/account/refills'}>
      {t('action.to-account')}
    </LocalizedLink>
  );

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await mutate(await doSubscriptionAction(token), { revalidate: false });
      setJustDone(true);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404) await mutate();
      else setProblem(failure instanceof ApiError && failure.status < 500 && failure.serverMessage ? failure.serverMessage : t('action.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (!data) {
    const invalid = !token || (error instanceof ApiError && error.status === 404);
    return (
      <PageIntro title={t('action.title')}>
        <LoadingState
          problem={invalid ? t('action.invalid') : error ? t('action.failed') : null}
          retry={invalid ? undefined : () => void mutate()}
        />
        {toAccount}
      </PageIntro>
    );
  }

  const date = formatDay(data.parcel_on, language);
  const question = data.action === 'skip' ? t('action.skip', { date }) : t('action.pause');
  return (
    <PageIntro title={t('action.title')}>
      {data.done ? (
        <div className="refill-message" role="status">
          <p>{data.action === 'skip' ? t('action.skip-done', { date }) : t('action.pause-done')}</p>
          {!justDone && <p>{t('action.already')}</p>}
        </div>
      ) : (
        <div className="refill-message">
          <p className="page-intro__lead">{question}</p>
          <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
            {data.action === 'skip' ? t('action.skip-button') : t('action.pause-button')}
          </button>
          {problem && (
            <p className="refill-error" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
      {toAccount}
    </PageIntro>
  );
}
