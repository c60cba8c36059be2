import { toLocaleTag, type Language } from '../languages';

/** A measured amount (a dose, a nutrient's milligrams) as the reader writes numbers, to 3 decimals at most. */
export function formatAmount(value: number, language: Language): string {
  return new Intl.NumberFormat(toLocaleTag(language), { maximumFractionDigits: 3 }).format(value);
}

/** A share (1 is the whole) as a whole percentage in the reader's way (`75%`, `75 %`). */
export function formatShare(share: number, language: Language): string {
  return new Intl.NumberFormat(toLocaleTag(language), { style: 'percent', maximumFractionDigits: 0 }).format(share);
}
