import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { SORT_OPTIONS, type Ordering } from '../state/filter-query';

/** The sorting dropdown: every sort field of spec docs/spec-coverage.md#s3-ordering in both directions. */
export function SortMenu({ value, onChange }: { value: Ordering; onChange: (ordering: Ordering) => void }) {
  const { t } = useTranslation('catalog');
  const id = useId();
  return (
    <div className="sort-menu">
      <label htmlFor={id}>{t('sort.label')}</label>
      <select
        id={id}
        value={value.order_name}
        onChange={(event) => {
          const chosen = SORT_OPTIONS.find((option) => option.order_name === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.order_name} value={option.order_name}>
            {t(`sort.options.${option.order_by}-${option.order}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
