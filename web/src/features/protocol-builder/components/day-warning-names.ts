import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { formatAmount } from '../../../lib/format/number';
import { useCurrentLanguage } from '../../../lib/i18n';
import { toLocaleTag } from '../../../lib/languages';
import { SLOTS } from '../../../lib/schedule/slots';
import type { ConsideredMedicine, Protocol, ScheduleSlots } from '../api/types';
import { slotServings } from '../state/schedule';

export interface WarningNames {
  /** "A, B and C" in the page's language. */
  list(names: readonly string[]): string;
  /**
   * The products of these variants, as the editor shows them now; a line gone meanwhile, or whose card has not
   * arrived yet (a line just added on another device), is left out.
   */
  products(variantIds: readonly number[]): string[];
  /** The clients' medicines by reference id, as the interactions reply names them. */
  medicines(ids: readonly string[]): string[];
  /** A day's slots in words, servings other than one in brackets: "Breakfast, Dinner (2)". */
  slots(day: ScheduleSlots): string;
  /** Slots named alone (a medicine's), in the day's order: "Waking, Bedtime". */
  slotNames(slots: readonly string[]): string;
}

/** How the day's warnings and "Arrange the day" name what they concern, in the page's language. */
export function useWarningNames(protocol: Protocol, medicines: readonly ConsideredMedicine[]): WarningNames {
  const { t } = useTranslation('builder');
  const language = useCurrentLanguage();
  const { products } = protocol;

  return useMemo(() => {
    const format = new Intl.ListFormat(toLocaleTag(language), { type: 'conjunction' });
    const productNames = new Map(products.map((product) => [product.product_variant_id, product.name]));
    const medicineNames = new Map(medicines.map((medicine) => [medicine.id, medicine.name]));
    return {
      list: (names) => format.format(names),
      products: (variantIds) => variantIds.flatMap((id) => productNames.get(id) || []),
      medicines: (ids) => ids.map((id) => medicineNames.get(id) ?? id),
      slots: (day) =>
        SLOTS.filter((slot) => slotServings(day, slot) > 0)
          .map((slot) => {
            const servings = slotServings(day, slot);
            const name = t(`schedule.slots.${slot}`);
            return servings === 1 ? name : t('warnings.slot-servings', { slot: name, n: formatAmount(servings, language) });
          })
          .join(', '),
      slotNames: (slots) =>
        SLOTS.filter((slot) => slots.includes(slot))
          .map((slot) => t(`schedule.slots.${slot}`))
          .join(', '),
    };
  }, [language, medicines, products, t]);
}
