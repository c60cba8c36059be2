import { useCallback } from 'react';

import { formatMoney } from '../../../lib/format/money';
import { useCurrentLanguage } from '../../../lib/i18n';
import { currencyOf, useRegion } from '../../../lib/session/region';

/**
 * Formats an amount in the language of the URL. The API already prices in the region's currency
 * (X-Region) and says which; the region's currency is only the fallback for a reply without it.
 */
export function useFormatPrice() {
  const language = useCurrentLanguage();
  const region = useRegion();
  return useCallback(
    (amount: string | number, currency?: string | null) =>
      formatMoney(amount, currency || currencyOf(region), language),
    [language, region],
  );
}
