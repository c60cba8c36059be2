import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';

/** A plain practitioner earns nothing yet: why, what to do, and the rate they will earn. */
export function NotEarningNotice({ rate }: { rate: string }) {
  const { t } = useTranslation('earnings');
  return (
    <section className="earnings-notice" aria-labelledby="earnings-not-earning">
      <h2 id="earnings-not-earning">{t('not-earning.title')}</h2>
      <p>{t('not-earning.text')}</p>
      <p>{t('not-earning.rate', { rate })}</p>
      <LocalizedLink className="button" to="/onboarding">
        {t('not-earning.link')}
      </LocalizedLink>
    </section>
  );
}
