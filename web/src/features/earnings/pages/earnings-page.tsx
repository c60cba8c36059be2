import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { PractitionerOnly } from '../../../components/ui/practitioner-only';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useEarnings } from '../api/get-earnings';
import { CurrencySection } from '../components/currency-section';
import { formatRate, lastMonths } from '../components/format';
import { LedgerSection } from '../components/ledger-section';
import { NotEarningNotice } from '../components/not-earning-notice';
import { PayoutSection } from '../components/payout-section';
import { StatementsSection } from '../components/statements-section';
import '../earnings.css';

/**
 * `/{lang}/account/practitioner/earnings` (docs/decisions/0020-practitioner-earnings.md): the practitioner's
 * commission per currency (balance, this and last month, the next payout, 12 months as a chart with its
 * table, the clients and protocols that earned most), the ledger, monthly statements and the payout details;
 * live: a client's payment on another device shows here without a reload (`earnings.updated`). For certified
 * and plain practitioners; a plain one learns that commission starts with the validated certificate.
 */
export function EarningsPage() {
  const { t } = useTranslation('earnings');
  return (
    <PractitionerOnly
      texts={{
        title: t('title'),
        signedOut: t('signed-out'),
        signIn: t('sign-in'),
        notPractitioner: t('not-practitioner'),
        toAccount: t('to-account'),
      }}
    >
      <EarningsDashboard />
    </PractitionerOnly>
  );
}

function EarningsDashboard() {
  const { t } = useTranslation('earnings');
  const language = useCurrentLanguage();
  const { data, error, isLoading, mutate } = useEarnings(true);
  // EUR first (the server sends them so too), then the others.
  const currencies = [...(data?.currencies ?? [])].sort((a, b) => Number(a.currency !== 'EUR') - Number(b.currency !== 'EUR'));
  // The server's months (its clock), newest first; before the first entry, the last 12 by this device's.
  const months = currencies[0]?.months.map((month) => month.month).reverse() ?? lastMonths(new Date());
  const rate = data ? formatRate(data.commission_rate, language) : '';

  return (
    <>
      <PageIntro title={t('title')}>
        <p className="page-intro__lead">{t('lead')}</p>
        {data?.earns && <p>{t('rate', { rate })}</p>}
        <LocalizedLink to="/account/practitioner">{t('back')}</LocalizedLink>
      </PageIntro>
      {isLoading && <p aria-busy="true">{t('loading')}</p>}
      {error !== undefined && !data && !isLoading && (
        <div role="alert" className="earnings-problem">
          <p>{t('failed')}</p>
          <button type="button" className="button" onClick={() => void mutate()}>
            {t('retry')}
          </button>
        </div>
      )}
      {data && !data.earns && <NotEarningNotice rate={rate} />}
      {data?.earns && (
        <>
          {currencies.length === 0 && (
            <section className="earnings-notice" aria-labelledby="earnings-none-yet">
              <h2 id="earnings-none-yet">{t('none-yet.title')}</h2>
              <p>{t('none-yet.text')}</p>
            </section>
          )}
          {currencies.map((figures) => (
            <CurrencySection key={figures.currency} figures={figures} />
          ))}
          <LedgerSection />
          <StatementsSection
            months={months}
            currencies={currencies.length ? currencies.map((figures) => figures.currency) : ['EUR']}
          />
        </>
      )}
      {data && <PayoutSection />}
    </>
  );
}
