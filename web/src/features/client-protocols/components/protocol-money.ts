import { toLocaleTag, type Language } from '../../../lib/languages';

/** A percent string of the API ("10.00") as a number; anything unreadable counts as no discount. */
export function discountRate(discount: string): number {
  const value = Number.parseFloat(discount);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** "10%", "12,5 %": the share's discount as the reader writes percentages. */
export function formatPercent(rate: number, language: Language): string {
  return new Intl.NumberFormat(toLocaleTag(language), { style: 'percent', maximumFractionDigits: 2 }).format(rate / 100);
}

/**
 * The protocol's total with the share's discount, or null without one. Rounded the way the cart rounds
 * (the discount to whole cents, then subtracted), so the figure matches what the cart will show when
 * this share's rate is the one the cart applies.
 */
export function totalAfterDiscount(total: string, discount: string): string | null {
  const rate = discountRate(discount);
  const amount = Number.parseFloat(total);
  if (rate === 0 || !Number.isFinite(amount)) return null;
  const cents = Math.round(amount * 100);
  const off = Math.round((cents * rate) / 100);
  return ((cents - off) / 100).toFixed(2);
}
