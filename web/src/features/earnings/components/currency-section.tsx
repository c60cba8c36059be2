import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { CurrencyEarnings } from '../api/types';
import { formatDay } from './format';
import { MonthsChart } from './months-chart';
import { RankedList } from './ranked-list';

/**
 * One currency's figures: the balance, this and last month, the next payout (when, how much, from what
 * minimum, and why nothing is paid when the balance is below it or the store has no payout method), the
 * months as a chart, and the clients and protocols that earned most.
 */
export function CurrencySection({ figures }: { figures: CurrencyEarnings }) {
  const { t } = useTranslation('earnings');
  const language = useCurrentLanguage();
  const { currency, next_payout: next } = figures;
  const money = (amount: string) => formatMoney(amount, currency);
  const id = `earnings-${currency.toLowerCase()}`;
  const belowMinimum = Number.parseFloat(figures.balance) < Number.parseFloat(next.minimum);
  const date = formatDay(next.on, language);
  return (
    <section className="earnings-currency" aria-labelledby={id}>
      <h2 id={id}>{t('currency.title', { currency })}</h2>
      <dl className="earnings-figures">
        <div className="earnings-figure">
          <dt>{t('figures.balance')}</dt>
          <dd>{money(figures.balance)}</dd>
        </div>
        <div className="earnings-figure">
          <dt>{t('figures.this-month')}</dt>
          <dd>{money(figures.this_month)}</dd>
        </div>
        <div className="earnings-figure">
          <dt>{t('figures.last-month')}</dt>
          <dd>{money(figures.last_month)}</dd>
        </div>
        <div className="earnings-figure">
          <dt>{t('figures.next-payout')}</dt>
          <dd>
            {money(next.amount)}
            <span className="earnings-figure__note">{t('payout.on', { date })}</span>
          </dd>
        </div>
      </dl>
      <div className="earnings-payout-notes">
        <p>{t('payout.minimum', { minimum: money(next.minimum) })}</p>
        {belowMinimum && <p>{t('payout.carries-over', { minimum: money(next.minimum) })}</p>}
        {next.payout_method === 'not_set' ? (
          <p className="earnings-hint">
            {t('payout.no-method')}{' '}
            <LocalizedLink to="/account/practitioner/store">{t('payout.choose-method')}</LocalizedLink>
          </p>
        ) : (
          <p>{t('payout.method', { method: t(`payout-method.${next.payout_method}`) })}</p>
        )}
      </div>
      <MonthsChart months={figures.months} currency={currency} />
      <div className="earnings-rankings">
        <RankedList
          id={`${id}-clients`}
          title={t('by-client.title')}
          entries={figures.by_client}
          currency={currency}
          empty={t('by-client.empty')}
          unnamed={t('by-client.unnamed')}
        />
        <RankedList
          id={`${id}-protocols`}
          title={t('by-protocol.title')}
          entries={figures.by_protocol}
          currency={currency}
          empty={t('by-protocol.empty')}
          unnamed={t('by-protocol.unnamed')}
        />
      </div>
    </section>
  );
}
