import type { NavigateFunction } from 'react-router';

/**
 * Sends the browser to a payment's page: the embedded test provider's page is the shop's own (a path, or
 * a URL of this origin), which the router opens; Mollie's is another site, which the browser loads.
 */
export async function goToPaymentPage(paymentUrl: string, navigate: NavigateFunction): Promise<void> {
  const target = new URL(paymentUrl, window.location.href);
  if (target.origin === window.location.origin) await navigate(`${target.pathname}${target.search}${target.hash}`);
  else window.location.assign(target.href);
}
