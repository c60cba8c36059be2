import { useTranslation } from 'react-i18next';

/** Newer and older pages of the ledger (the API's paging: current_page of total_pages), and where one is. */
export function LedgerPaging({
  page,
  pages,
  total,
  onChange,
}: {
  page: number;
  pages: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('earnings');
  return (
    <nav className="earnings-paging" aria-label={t('ledger.paging')}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('ledger.newer')}
      </button>
      <span aria-live="polite">{t('ledger.page', { page, pages: Math.max(pages, 1), total })}</span>
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('ledger.older')}
      </button>
    </nav>
  );
}
