import { useTranslation } from 'react-i18next';

import { SLOTS, type Slot } from '../../../lib/schedule/slots';
import type { ClientMedicine } from '../api/types';

interface MedicineRowProps {
  medicine: ClientMedicine;
  onToggle: (slot: Slot) => void;
  onRemove: () => void;
}

/** One medicine of the list: its name and kind, the times of day it is taken as toggle chips, and "Remove". */
export function MedicineRow({ medicine, onToggle, onRemove }: MedicineRowProps) {
  const { t } = useTranslation('medicines');
  const nameId = `medicine-${medicine.id}`;
  return (
    <li className="medicine-row" aria-labelledby={nameId}>
      <div className="medicine-row__head">
        <span id={nameId} className="medicine-row__name">
          {medicine.name}
        </span>
        <span className="medicine-row__kind">{t(`kind.${medicine.kind}`)}</span>
      </div>
      <div className="medicine-row__slots" role="group" aria-label={t('slots-of', { name: medicine.name })}>
        {SLOTS.map((slot) => {
          const on = medicine.slots.includes(slot);
          return (
            <button
              key={slot}
              type="button"
              className={on ? 'medicine-chip medicine-chip--on' : 'medicine-chip'}
              aria-pressed={on}
              onClick={() => onToggle(slot)}
            >
              {t(`slots.${slot}`)}
            </button>
          );
        })}
      </div>
      {medicine.slots.length === 0 && <p className="medicine-muted">{t('no-slot')}</p>}
      <button
        type="button"
        className="medicine-row__remove"
        aria-label={t('remove-named', { name: medicine.name })}
        onClick={onRemove}
      >
        {t('remove')}
      </button>
    </li>
  );
}
