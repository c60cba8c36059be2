import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../../lib/api/http';
import { useCurrentLanguage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast/toast-store';
import { downloadStatement } from '../api/download-statement';
import type { StatementFormat } from '../api/keys';
import { formatMonth } from './format';
import { saveFile } from '../../../lib/files/save-file';

/**
 * A month's statement (the last 12 months, the month before this one first chosen) in one of the
 * practitioner's currencies, downloaded as CSV or PDF with the bearer and saved under the server's name.
 */
export function StatementsSection({ months, currencies }: { months: readonly string[]; currencies: readonly string[] }) {
  const { t } = useTranslation('earnings');
  const language = useCurrentLanguage();
  const [month, setMonth] = useState(months[1] ?? months[0] ?? '');
  const [currency, setCurrency] = useState(currencies[0] ?? 'EUR');
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const chosenMonth = months.includes(month) ? month : (months[0] ?? '');
  const chosenCurrency = currencies.includes(currency) ? currency : (currencies[0] ?? 'EUR');

  const download = async (format: StatementFormat) => {
    setBusy(format);
    try {
      const file = await downloadStatement(chosenMonth, format, chosenCurrency);
      saveFile(file.blob, file.filename ?? `statement-${chosenMonth}-${chosenCurrency}.${format}`);
    } catch (error) {
      toast.error(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('statements.failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="earnings-section" aria-labelledby="earnings-statements">
      <h2 id="earnings-statements">{t('statements.title')}</h2>
      <p className="earnings-muted">{t('statements.lead')}</p>
      <div className="earnings-filters">
        <div className="earnings-field">
          <label htmlFor="earnings-statement-month">{t('statements.month')}</label>
          <select
            id="earnings-statement-month"
            className="earnings-field__input"
            value={chosenMonth}
            onChange={(event) => setMonth(event.target.value)}
          >
            {months.map((value) => (
              <option key={value} value={value}>
                {formatMonth(value, language)}
              </option>
            ))}
          </select>
        </div>
        {currencies.length > 1 && (
          <div className="earnings-field">
            <label htmlFor="earnings-statement-currency">{t('statements.currency')}</label>
            <select
              id="earnings-statement-currency"
              className="earnings-field__input"
              value={chosenCurrency}
              onChange={(event) => setCurrency(event.target.value)}
            >
              {currencies.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="earnings-actions">
          {(['csv', 'pdf'] as const).map((format) => (
            <button
              key={format}
              type="button"
              className="button button--secondary"
              disabled={busy !== null || chosenMonth === ''}
              aria-busy={busy === format || undefined}
              onClick={() => void download(format)}
            >
              {t(`statements.${format}`)}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
