import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { Protocol } from '../api/types';
import type { DayWarning } from '../state/day-warnings';
import { ArrangeDay } from './arrange-day';
import { useWarningNames, type WarningNames } from './day-warning-names';
import type { LiveDayWarnings } from './use-live-day-warnings';
import './day-warnings.css';

interface DayWarningsPanelProps {
  protocol: Protocol;
  /** The live warnings (use-live-day-warnings); null until the facts and rules arrive. */
  day: LiveDayWarnings | null;
}

/**
 * The builder's "Timing and interactions" panel (docs/decisions/0043-the-day-schedule.md): the spacing and
 * interaction warnings of the protocol as the editor shows it now, each with its severity in words, the
 * products and medicines it concerns, its advice and source; the medicines considered; and "Arrange the day".
 * Reference text with its sources, never advice.
 */
export function DayWarningsPanel({ protocol, day }: DayWarningsPanelProps) {
  const { t } = useTranslation('builder');
  const titleId = useId();
  if (protocol.products.length === 0) return null;
  return (
    <section className="day-warnings" aria-labelledby={titleId}>
      <h3 id={titleId} className="day-warnings__title">
        {t('warnings.title')}
      </h3>
      {day ? (
        <Warnings protocol={protocol} day={day} />
      ) : (
        <p className="builder-message" aria-busy="true">
          {t('ui.loading')}
        </p>
      )}
    </section>
  );
}

function Warnings({ protocol, day }: { protocol: Protocol; day: LiveDayWarnings }) {
  const { t } = useTranslation('builder');
  const names = useWarningNames(protocol, day.medicines);
  const considered = day.medicines.map((medicine) =>
    medicine.slots.length > 0
      ? t('warnings.medicine-at', { name: medicine.name, slots: names.slotNames(medicine.slots) })
      : medicine.name,
  );
  return (
    <>
      {day.warnings.length === 0 ? (
        <p className="day-warnings__none">{t('warnings.none')}</p>
      ) : (
        <ul className="day-warnings__list" aria-label={t('warnings.list')}>
          {day.warnings.map((warning) => (
            <WarningItem key={warningKey(warning)} warning={warning} names={names} />
          ))}
        </ul>
      )}
      <p className="day-warnings__note">
        {considered.length > 0 ? t('warnings.considered', { names: names.list(considered) }) : t('warnings.no-medicines')}
      </p>
      <p className="day-warnings__note">{t('warnings.disclaimer')}</p>
      <ArrangeDay protocol={protocol} names={names} />
    </>
  );
}

const warningKey = (warning: DayWarning) =>
  [warning.ruleId, warning.lines.join(','), warning.medicines.join(','), warning.nutrients.join(',')].join('|');

function WarningItem({ warning, names }: { warning: DayWarning; names: WarningNames }) {
  const { t } = useTranslation('builder');
  const severity = t(`warnings.severity.${warning.severity}`);
  const products = names.list(names.products(warning.lines));
  const medicines = names.list(names.medicines(warning.medicines));
  const label =
    warning.medicines.length > 0
      ? t('warnings.item-label-medicines', { severity, products, medicines })
      : t('warnings.item-label', { severity, products });
  return (
    <li className={`day-warnings__item day-warnings__item--${warning.severity}`} aria-label={label}>
      <p className="day-warnings__head">
        <span className={`day-warnings__badge day-warnings__badge--${warning.severity}`}>{severity}</span>{' '}
        <span className="day-warnings__products">{products}</span>
      </p>
      {warning.medicines.length > 0 && (
        <p className="day-warnings__medicines">{t('warnings.medicines', { names: medicines })}</p>
      )}
      <p className="day-warnings__advice">{warning.rule.advice}</p>
      <p className="day-warnings__source">{t('warnings.source', { source: warning.rule.source })}</p>
    </li>
  );
}
