import { useTranslation } from 'react-i18next';

import { formatAmount } from '../../../lib/format/number';
import { useCurrentLanguage } from '../../../lib/i18n';
import { toLocaleTag } from '../../../lib/languages';
import type { CheckInState, DayItem, DaySlot } from '../api/types';
import type { CheckInActions } from './use-check-in';

const STATES: readonly CheckInState[] = ['taken', 'skipped'];

/** What was recorded: the slot's one state, or each protocol's when they differ; nothing yet is "open" today, "missed" before. */
function SlotState({ slot, past }: { slot: DaySlot; past: boolean }) {
  const { t } = useTranslation('today');
  const none = past ? 'missed' : 'open';
  const states = new Set(slot.check_ins.map((entry) => entry.state));
  if (states.size <= 1) {
    const state = slot.check_in ?? none;
    return <p className={`today-slot__state today-slot__state--${state}`}>{t(`state.${state}`)}</p>;
  }
  const names = new Map(slot.items.map((item) => [item.protocol_id, item.protocol_name]));
  return (
    <ul className="today-slot__states" aria-label={t('state.by-protocol')}>
      {slot.check_ins.map((entry) => (
        <li key={entry.protocol_id} className={`today-slot__state today-slot__state--${entry.state ?? none}`}>
          {t('state.of-protocol', { protocol: names.get(entry.protocol_id) ?? '', state: t(`state.${entry.state ?? none}`) })}
        </li>
      ))}
    </ul>
  );
}

function Item({ item, slotWithFood }: { item: DayItem; slotWithFood: DaySlot['with_food'] }) {
  const { t } = useTranslation('today');
  const language = useCurrentLanguage();
  // The slot says "with food" when every item does; otherwise an item that cares says so itself.
  const hint = slotWithFood === 'any' && item.with_food !== 'any' ? t(`with-food.${item.with_food}`) : null;
  return (
    <li className="today-item">
      <span className="today-item__name">{item.name}</span>
      <span className="today-item__servings">
        {t('item.servings', { count: item.servings, n: formatAmount(item.servings, language) })}
        {hint && ` · ${hint}`}
      </span>
      <span className="today-item__protocol">{t('item.protocol', { name: item.protocol_name })}</span>
    </li>
  );
}

/**
 * One slot of the day (Waking ... Bedtime): what to take, from which protocol, with food or not, the client's
 * medicines at that time, and the one-tap "Taken" and "Skipped" that check in every protocol of the slot.
 */
interface DaySlotCardProps {
  slot: DaySlot;
  /** The day is over: nothing recorded is missed. */
  past: boolean;
  disabled: boolean;
  actions: CheckInActions;
}

export function DaySlotCard({ slot, past, disabled, actions }: DaySlotCardProps) {
  const { t } = useTranslation('today');
  const language = useCurrentLanguage();
  const headingId = `today-slot-${slot.slot}`;
  const busy = actions.busy.has(slot.slot);
  const failure = actions.failures[slot.slot];
  return (
    <li className="today-slot">
      <section aria-labelledby={headingId}>
        <header className="today-slot__header">
          <h2 id={headingId}>{t(`slots.${slot.slot}`)}</h2>
          {slot.with_food !== 'any' && <span className="today-slot__food">{t(`with-food.${slot.with_food}`)}</span>}
        </header>
        <ul className="today-slot__items" aria-label={t('slot.items', { slot: t(`slots.${slot.slot}`) })}>
          {slot.items.map((item) => (
            <Item key={`${String(item.protocol_id)}-${String(item.product_variant_id)}`} item={item} slotWithFood={slot.with_food} />
          ))}
        </ul>
        {slot.medicines.length > 0 && (
          <p className="today-slot__medicines">
            {t('slot.medicines', {
              names: new Intl.ListFormat(toLocaleTag(language), { type: 'conjunction' }).format(
                slot.medicines.map((medicine) => medicine.name),
              ),
            })}
          </p>
        )}
        <SlotState slot={slot} past={past} />
        <div className="today-slot__actions" aria-busy={busy || undefined}>
          {STATES.map((state) => (
            <button
              key={state}
              type="button"
              className={`button today-slot__button today-slot__button--${state}`}
              aria-pressed={slot.check_in === state}
              disabled={busy || disabled}
              onClick={() => actions.record(slot, state)}
            >
              {t(`actions.${state}`)}
            </button>
          ))}
        </div>
        {failure && (
          <p className="today-slot__failure" role="alert">
            {failure}
          </p>
        )}
      </section>
    </li>
  );
}
