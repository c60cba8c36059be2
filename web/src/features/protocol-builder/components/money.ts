const euFormatters = new Map<string, Intl.NumberFormat>();

/** Spec section 9: the share panel's total is shown in the EU format (de-DE), whatever the language. */
export function euMoney(amount: string, currency: string): string {
  const value = Number.parseFloat(amount);
  if (!Number.isFinite(value)) return amount;
  let formatter = euFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('de-DE', { style: 'currency', currency });
    euFormatters.set(currency, formatter);
  }
  return formatter.format(value);
}
