import { useTranslation } from 'react-i18next';

/** The page numbers to show: the first, the last, and the current one with its neighbours. */
export function pageWindow(current: number, total: number): (number | 'gap')[] {
  const pages = new Set([1, total, current - 1, current, current + 1]);
  const sorted = [...pages].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  for (const page of sorted) {
    const previous = items[items.length - 1];
    if (typeof previous === 'number' && page - previous > 1) items.push('gap');
    items.push(page);
  }
  return items;
}

/** Previous, numbered pages and next; nothing when everything fits on one page. */
export function Pagination({
  current,
  total,
  onChange,
}: {
  current: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('catalog');
  if (total <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <button type="button" disabled={current <= 1} onClick={() => onChange(current - 1)}>
        {t('pagination.previous')}
      </button>
      <ol>
        {pageWindow(current, total).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="pagination__gap">
              {'…'}
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ol>
      <button type="button" disabled={current >= total} onClick={() => onChange(current + 1)}>
        {t('pagination.next')}
      </button>
    </nav>
  );
}
