import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useMedicineSearch } from '../api/search-medicines';
import type { MedicineChoice } from '../api/types';
import { useDebounced } from './use-debounced';

/** How long the box must stay unchanged before the vocabulary is asked (typing asks once, at the end). */
export const SEARCH_DELAY_MS = 300;

interface MedicineSearchProps {
  /** The ids already on the list: offered as added, not again. */
  chosen: ReadonlySet<string>;
  /** The list is full (30). */
  full: boolean;
  onAdd: (choice: MedicineChoice) => void;
}

/** A search box over the vocabulary (names in the page's language or English); each match can be added once. */
export function MedicineSearch({ chosen, full, onAdd }: MedicineSearchProps) {
  const { t } = useTranslation('medicines');
  const boxId = useId();
  const [query, setQuery] = useState('');
  const settled = useDebounced(query, SEARCH_DELAY_MS);
  const { data, error, isLoading } = useMedicineSearch(settled);
  const asked = settled.trim() !== '';

  return (
    <section className="medicine-search" aria-labelledby="medicines-add">
      <h2 id="medicines-add">{t('add.title')}</h2>
      <label htmlFor={boxId}>{t('add.label')}</label>
      <input
        id={boxId}
        className="medicine-search__box"
        type="search"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {full && <p className="medicine-muted">{t('add.full')}</p>}
      {asked && isLoading && <p aria-busy="true">{t('add.searching')}</p>}
      {asked && error !== undefined && <p role="alert">{t('add.failed')}</p>}
      {asked && data && (
        data.length === 0 ? (
          <p>{t('add.none', { query: settled.trim() })}</p>
        ) : (
          <ul className="medicine-search__results" aria-label={t('add.results')}>
            {data.map((choice) => {
              const added = chosen.has(choice.id);
              return (
                <li key={choice.id} className="medicine-search__result">
                  <span className="medicine-row__name">{choice.name}</span>
                  <span className="medicine-row__kind">{t(`kind.${choice.kind}`)}</span>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={added || full}
                    aria-label={added ? t('add.added-named', { name: choice.name }) : t('add.add-named', { name: choice.name })}
                    onClick={() => onAdd(choice)}
                  >
                    {added ? t('add.added') : t('add.add')}
                  </button>
                </li>
              );
            })}
          </ul>
        )
      )}
    </section>
  );
}
