import { useTranslation } from 'react-i18next';

import type { Schemas } from '../../../lib/api/types';
import { formatAmount } from '../../../lib/format/number';
import { useCurrentLanguage } from '../../../lib/i18n';

type SupplementFacts = Schemas['SupplementFactsOut'];

const SERVING_UNITS = {
  capsule: 'facts.unit.capsule',
  tablet: 'facts.unit.tablet',
  softgel: 'facts.unit.softgel',
  gummy: 'facts.unit.gummy',
  g: 'facts.unit.g',
  ml: 'facts.unit.ml',
  drop: 'facts.unit.drop',
  spray: 'facts.unit.spray',
  scoop: 'facts.unit.scoop',
} as const;

function isServingUnit(unit: string): unit is keyof typeof SERVING_UNITS {
  return unit in SERVING_UNITS;
}

/**
 * The selected size's supplement facts (docs/decisions/0031-daily-totals.md): the serving, servings per
 * container, the label's suggested daily dose, and per serving each nutrient as the label prints it (with the
 * amount in the unit totals add up in, where the label uses another: 1000 IU is 25 µg of vitamin D).
 */
export function SupplementFactsSection({ facts }: { facts: SupplementFacts }) {
  const { t } = useTranslation('catalog');
  const language = useCurrentLanguage();
  const number = (value: number) => formatAmount(value, language);
  const unit = isServingUnit(facts.serving_unit) ? t(SERVING_UNITS[facts.serving_unit]) : facts.serving_unit;
  return (
    <section className="product-page__section supplement-facts" aria-label={t('facts.title')}>
      <h2>{t('facts.title')}</h2>
      <p>
        {t('facts.serving', { size: number(facts.serving_size), unit })}
        {' · '}
        {t('facts.per-container', { n: number(facts.servings_per_container) })}
        {' · '}
        {t('facts.per-day', { n: number(facts.servings_per_day) })}
      </p>
      {facts.nutrients.length === 0 ? (
        <p>{t('facts.none')}</p>
      ) : (
        <table className="supplement-facts__table">
          <thead>
            <tr>
              <th scope="col">{t('facts.nutrient')}</th>
              <th scope="col">{t('facts.per-serving')}</th>
            </tr>
          </thead>
          <tbody>
            {facts.nutrients.map((row) => (
              <tr key={`${row.nutrient}-${row.form}`}>
                <th scope="row">{row.name}</th>
                <td>
                  {number(row.amount)} {row.unit}
                  {row.unit !== row.nutrient_unit && ` (${number(row.per_serving)} ${row.nutrient_unit})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
