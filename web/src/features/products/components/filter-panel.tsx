import { useTranslation } from 'react-i18next';

import type { CategoryNode, FilterOption, FilterOptions, ProductListPage } from '../api/types';
import { FILTER_GROUPS, type FilterGroup, type FilterSelection } from '../state/filter-query';

/** Groups shown unfolded at first; a group with a choice made is always unfolded. */
const OPEN_GROUPS: ReadonlySet<FilterGroup> = new Set(['brands', 'availability']);

type Facets = ProductListPage['facets'] | undefined;

interface FilterPanelProps {
  options: FilterOptions | undefined;
  categories: readonly CategoryNode[] | undefined;
  selection: FilterSelection;
  facets: Facets;
  onAdd: (group: FilterGroup, id: number) => void;
  onRemove: (group: FilterGroup, id: number) => void;
  onReset: () => void;
}

/**
 * Every filter group of spec docs/spec-coverage.md#s1-catalogue-filtered with a count per option (the list
 * reply's `facets`, which count each group as if its own choice were not made, so ticking a second brand
 * shows what it adds).
 */
export function FilterPanel({ options, categories, selection, facets, onAdd, onRemove, onReset }: FilterPanelProps) {
  const { t } = useTranslation('catalog');
  const active = FILTER_GROUPS.some((group) => selection[group].length > 0);

  const toggle = (group: FilterGroup, id: number, checked: boolean) => {
    if (checked) onAdd(group, id);
    else onRemove(group, id);
  };

  const optionRow = (group: FilterGroup, option: FilterOption) => {
    const count = facets?.[group]?.[String(option.id)];
    return (
      <label className="filter-option">
        <input
          type="checkbox"
          checked={selection[group].includes(option.id)}
          onChange={(event) => toggle(group, option.id, event.target.checked)}
        />
        <span className="filter-option__name">{option.name}</span>
        {/* The space keeps name and count apart in the accessible name ("Brightfern 41"). */}
        {count !== undefined && (
          <>
            {' '}
            <span className="filter-option__count">{count}</span>
          </>
        )}
      </label>
    );
  };

  const categoryList = (nodes: readonly CategoryNode[]) => (
    <ul className="filter-group__options">
      {nodes.map((node) => (
        <li key={node.id}>
          {optionRow('categories', node)}
          {node.children.length > 0 && categoryList(node.children)}
        </li>
      ))}
    </ul>
  );

  const groups: { group: FilterGroup; list: FilterOption[] }[] = FILTER_GROUPS.filter(
    (group) => group !== 'categories',
  ).map((group) => ({ group, list: options?.[group] ?? [] }));

  return (
    <aside className="filter-panel" aria-label={t('filters.title')}>
      <div className="filter-panel__head">
        <h2>{t('filters.title')}</h2>
        {active && (
          <button type="button" className="link-button" onClick={onReset}>
            {t('filters.reset')}
          </button>
        )}
      </div>
      {categories && categories.length > 0 && (
        <details className="filter-group" open>
          <summary>{t('filters.groups.categories')}</summary>
          <fieldset>
            <legend className="visually-hidden">{t('filters.groups.categories')}</legend>
            {categoryList(categories)}
          </fieldset>
        </details>
      )}
      {groups
        .filter(({ list }) => list.length > 0)
        .map(({ group, list }) => (
          <details key={group} className="filter-group" open={selection[group].length > 0 || OPEN_GROUPS.has(group) || undefined}>
            <summary>{t(`filters.groups.${group}`)}</summary>
            <fieldset>
              <legend className="visually-hidden">{t(`filters.groups.${group}`)}</legend>
              <ul className="filter-group__options">
                {list.map((option) => (
                  <li key={option.id}>{optionRow(group, option)}</li>
                ))}
              </ul>
            </fieldset>
          </details>
        ))}
    </aside>
  );
}
