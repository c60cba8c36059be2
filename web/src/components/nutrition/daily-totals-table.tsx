import { useTranslation } from 'react-i18next';

import type { Schemas } from '../../lib/api/types';
import { formatAmount, formatShare } from '../../lib/format/number';
import { useCurrentLanguage } from '../../lib/i18n';
import type { Language } from '../../lib/languages';
import './daily-totals.css';

type DailyTotals = Schemas['DailyTotalsOut'];
type NutrientTotal = Schemas['NutrientTotalOut'];

interface DailyTotalsTableProps {
  totals: DailyTotals;
  /** The protocol's lines, to name the products that add up (a line not among them is left unnamed). */
  products: readonly { product_variant_id: number; name: string }[];
  /** The heading's level: the builder's panel sits under a section heading, pages under their title. */
  headingLevel?: 2 | 3;
}

const LEVEL_KEYS = { caution: 'level.caution', over: 'level.over' } as const;


/**
 * Per nutrient, what a protocol adds up to a day against the tolerable upper intake levels (docs/api.md,
 * "Daily doses and daily totals"): a warning at or over a level and a caution from 80 %, each naming the
 * products that add up; the products without facts; each level's source. Figures only, never advice.
 * Shared by the builder (live), the client's protocol page and the public link page.
 */
export function DailyTotalsTable({ totals, products, headingLevel = 2 }: DailyTotalsTableProps) {
  const { t } = useTranslation('nutrition');
  const language = useCurrentLanguage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const nameOf = new Map(products.map((product) => [product.product_variant_id, product.name]));
  const names = (variantIds: readonly number[]) =>
    variantIds
      .map((id) => nameOf.get(id) ?? '')
      .filter((name) => name !== '')
      .join(', ');
  const alerts = totals.nutrients.filter((row) => row.level !== 'ok');

  return (
    <section className="daily-totals" aria-label={t('title')}>
      <Heading className="daily-totals__title">{t('title')}</Heading>
      {alerts.map((row) => (
        <p key={row.nutrient} role={row.level === 'over' ? 'alert' : 'status'} className={`daily-totals__alert daily-totals__alert--${row.level}`}>
          {t(row.level === 'over' ? 'warning' : 'caution', {
            name: row.name,
            share: formatShare(row.share ?? 0, language),
            lines: names(row.lines.filter((line) => line.counted).map((line) => line.product_variant_id)),
          })}
        </p>
      ))}
      {totals.nutrients.length === 0 ? (
        <p className="daily-totals__empty">{t('empty')}</p>
      ) : (
        <table className="daily-totals__table">
          <thead>
            <tr>
              <th scope="col">{t('nutrient')}</th>
              <th scope="col">{t('per-day')}</th>
              <th scope="col">{t('limit')}</th>
              <th scope="col">{t('share')}</th>
            </tr>
          </thead>
          <tbody>
            {totals.nutrients.map((row) => (
              <NutrientRow key={row.nutrient} row={row} language={language} />
            ))}
          </tbody>
        </table>
      )}
      {totals.no_data.length > 0 && <p className="daily-totals__no-data">{t('no-data', { names: names(totals.no_data) || '—' })}</p>}
      <Sources rows={totals.nutrients} />
      <p className="daily-totals__disclaimer">{t('disclaimer')}</p>
    </section>
  );
}

function NutrientRow({ row, language }: { row: NutrientTotal; language: Language }) {
  const { t } = useTranslation('nutrition');
  const notCounted = row.total - row.counted;
  return (
    <tr className={`daily-totals__row daily-totals__row--${row.level}`} data-nutrient={row.nutrient} data-level={row.level}>
      <th scope="row">{row.name}</th>
      <td>
        {formatAmount(row.total, language)} {row.unit}
        {notCounted > 0.0005 && (
          <span className="daily-totals__note">
            {' '}
            {t('not-counted', { amount: formatAmount(notCounted, language), unit: row.unit })}
          </span>
        )}
      </td>
      <td>{row.limit === null ? t('no-limit') : `${formatAmount(row.limit, language)} ${row.unit}`}</td>
      <td>
        {row.share === null ? '—' : formatShare(row.share, language)}
        {(row.level === 'caution' || row.level === 'over') && (
          <span className={`daily-totals__badge daily-totals__badge--${row.level}`}>{t(LEVEL_KEYS[row.level])}</span>
        )}
      </td>
    </tr>
  );
}

function Sources({ rows }: { rows: readonly NutrientTotal[] }) {
  const { t } = useTranslation('nutrition');
  const seen = new Map<string, NonNullable<NutrientTotal['source']>>();
  for (const row of rows) if (row.source) seen.set(`${row.source.authority}|${row.source.reference}`, row.source);
  if (seen.size === 0) return null;
  return (
    <details className="daily-totals__sources">
      <summary>{t('sources')}</summary>
      <ul>
        {[...seen.values()].map((source) => (
          <li key={`${source.authority}|${source.reference}`}>
            {t('source', {
              authority: source.authority,
              kind: source.kind,
              year: source.year,
              applies: t(source.applies_to === 'supplemental' ? 'applies.supplemental' : 'applies.total'),
              reference: source.reference,
            })}
          </li>
        ))}
      </ul>
    </details>
  );
}
