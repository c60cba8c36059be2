import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../../lib/api/http';
import { formatDate } from '../../../lib/format/date';
import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n';
import { NO_FILTERS, type LedgerFilters } from '../api/keys';
import { useLedger } from '../api/list-ledger';
import { ENTRY_KINDS, type EntryKind, type LedgerEntry } from '../api/types';
import { LedgerPaging } from './ledger-paging';

type FilterField = 'kind' | 'from' | 'to';

/** The server's refusal of a filter: its message, and which fields it names (`{"from": ["after to"]}`). */
function refusalOf(error: unknown): { message: string | undefined; fields: FilterField[] } | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  const named = errors && typeof errors === 'object' ? Object.keys(errors) : [];
  const fields = (['kind', 'from', 'to'] as const).filter((field) => named.includes(field));
  return { message: error.serverMessage, fields };
}

/**
 * The ledger: every entry, newest first, filtered by kind and by day (both days included), paged, and
 * refetched live on `earnings.updated`. Order numbers are text: practitioners do not see buyers' orders.
 */
export function LedgerSection() {
  const { t } = useTranslation('earnings');
  const language = useCurrentLanguage();
  const [filters, setFilters] = useState<LedgerFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isValidating, mutate } = useLedger(filters, page, true);
  const refusal = refusalOf(error);
  const filtered = filters.kind !== '' || filters.from !== '' || filters.to !== '';

  const change = (patch: Partial<LedgerFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const errorId = 'earnings-ledger-error';
  const fieldProps = (field: FilterField) =>
    refusal?.fields.includes(field) ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  const details = (entry: LedgerEntry) =>
    [
      entry.order_number ? t('ledger.order', { number: entry.order_number }) : null,
      entry.client ? t('ledger.client', { name: entry.client }) : null,
      entry.protocol ? t('ledger.protocol', { name: entry.protocol }) : null,
      entry.reason ? t('ledger.reason', { reason: entry.reason }) : null,
    ].filter((part): part is string => part !== null);

  return (
    <section className="earnings-section" aria-labelledby="earnings-ledger">
      <h2 id="earnings-ledger">{t('ledger.title')}</h2>
      <p className="earnings-muted">{t('ledger.lead')}</p>
      <form className="earnings-filters" role="search" aria-label={t('ledger.filters')} onSubmit={(event) => event.preventDefault()}>
        <div className="earnings-field">
          <label htmlFor="earnings-ledger-kind">{t('ledger.kind')}</label>
          <select
            id="earnings-ledger-kind"
            className="earnings-field__input"
            value={filters.kind}
            onChange={(event) => change({ kind: event.target.value as EntryKind | '' })}
            {...fieldProps('kind')}
          >
            <option value="">{t('ledger.all-kinds')}</option>
            {ENTRY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`ledger.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="earnings-field">
          <label htmlFor="earnings-ledger-from">{t('ledger.from')}</label>
          <input
            id="earnings-ledger-from"
            className="earnings-field__input"
            type="date"
            value={filters.from}
            onChange={(event) => change({ from: event.target.value })}
            {...fieldProps('from')}
          />
        </div>
        <div className="earnings-field">
          <label htmlFor="earnings-ledger-to">{t('ledger.to')}</label>
          <input
            id="earnings-ledger-to"
            className="earnings-field__input"
            type="date"
            value={filters.to}
            onChange={(event) => change({ to: event.target.value })}
            {...fieldProps('to')}
          />
        </div>
        {filtered && (
          <button type="button" className="button button--secondary" onClick={() => change(NO_FILTERS)}>
            {t('ledger.reset')}
          </button>
        )}
      </form>
      {isLoading && !data && <p aria-busy="true">{t('loading')}</p>}
      {refusal && (
        <p id={errorId} role="alert" className="earnings-error">
          {refusal.message ?? t('ledger.refused')}
        </p>
      )}
      {error !== undefined && !refusal && !isLoading && (
        <div role="alert" className="earnings-problem">
          <p>{t('ledger.failed')}</p>
          <button type="button" className="button" onClick={() => void mutate()}>
            {t('retry')}
          </button>
        </div>
      )}
      {data && error === undefined && data.total_results === 0 && (
        <p className="earnings-empty">{filtered ? t('ledger.no-match') : t('ledger.empty')}</p>
      )}
      {data && error === undefined && data.data.length > 0 && (
        <>
          <div className="earnings-table-wrap" aria-busy={isValidating || undefined}>
            <table className="earnings-table earnings-ledger">
              <caption className="visually-hidden">
                {t('ledger.caption', { page: data.current_page, pages: data.total_pages })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('ledger.date')}</th>
                  <th scope="col">{t('ledger.kind')}</th>
                  <th scope="col">{t('ledger.details')}</th>
                  <th scope="col" className="earnings-table__amount">
                    {t('ledger.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.at}>{formatDate(entry.at, language, { time: true })}</time>
                    </td>
                    <td>
                      <span className={`earnings-kind earnings-kind--${entry.kind}`}>{t(`ledger.kinds.${entry.kind}`)}</span>
                    </td>
                    <td>
                      {details(entry).map((part) => (
                        <span key={part} className="earnings-ledger__detail">
                          {part}
                        </span>
                      ))}
                    </td>
                    <td className="earnings-table__amount">{formatMoney(entry.amount, entry.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LedgerPaging page={data.current_page} pages={data.total_pages} total={data.total_results} onChange={setPage} />
        </>
      )}
    </section>
  );
}
