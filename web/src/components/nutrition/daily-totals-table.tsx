import { useTranslation } from 'react-i18next';

import type { Schemas } from '../../lib/api/types';
import './daily-totals.css';

type DailyTotals = Schemas['DailyTotalsOut'];
type NutrientTotal = Schemas['NutrientTotalOut'];

interface DailyTotalsTableProps {
  totals: DailyTotals;
  /** The product a line's variant belongs to, as the screen knows it ('' when it does not). */
  productName: (variantId: number) => string;
  /** The heading's level: the builder's panel sits under a section heading, pages under their title. */
  headingLevel?: 2 | 3;
}

const LEVEL_KEYS = { caution: 'level.caution', over: 'level.over' } as const;

const amountFormat = (language: string) => new Intl.NumberFormat(language.replace('_', '-'), { maximumFractionDigits: 3 });
const percentFormat = (language: string) =>
  new Intl.NumberFormat(language.replace('_', '-'), { style: 'percent', maximumFractionDigits: 0 });

/**
 * Per nutrient, what a protocol adds up to a day against the tolerable upper intake levels (docs/api.md,
 * "Daily doses and daily totals"): a warning at or over a level and a caution from 80 %, each naming the
 * products that add up; the products without facts; each level's source. Figures only, never advice.
 * Shared by the builder (live), the client's protocol page and the public link page.
 */
export function DailyTotalsTable({ totals, productName, headingLevel = 2 }: DailyTotalsTableProps) {
  const { t, i18n } = useTranslation('nutrition');
  const amount = amountFormat(i18n.language);
  const percent = percentFormat(i18n.language);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const names = (variantIds: readonly number[]) =>
    variantIds
      .map(productName)
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
            share: percent.format(row.share ?? 0),
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
              <NutrientRow key={row.nutrient} row={row} amount={amount} percent={percent} />
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

function NutrientRow({ row, amount, percent }: { row: NutrientTotal; amount: Intl.NumberFormat; percent: Intl.NumberFormat }) {
  const { t } = useTranslation('nutrition');
  const notCounted = row.total - row.counted;
  return (
    <tr className={`daily-totals__row daily-totals__row--${row.level}`} data-nutrient={row.nutrient} data-level={row.level}>
      <th scope="row">{row.name}</th>
      <td>
        {amount.format(row.total)} {row.unit}
        {notCounted > 0.0005 && (
          <span className="daily-totals__note">
            {' '}
            {t('not-counted', { amount: amount.format(notCounted), unit: row.unit })}
          </span>
        )}
      </td>
      <td>{row.limit === null ? t('no-limit') : `${amount.format(row.limit)} ${row.unit}`}</td>
      <td>
        {row.share === null ? '—' : percent.format(row.share)}
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
