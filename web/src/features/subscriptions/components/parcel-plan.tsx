import { useTranslation } from 'react-i18next';

import { formatMoney } from '../../../lib/format/money';
import type { ParcelPlan } from '../api/types';

/**
 * What a planned parcel holds, each line with its quantity and total, and the products' total after the
 * discounts (shipping comes on top). A substitute names the sold-out product it stands in for.
 */
export function ParcelPlanLines({
  plan,
  currency,
  label,
  nameOf = () => undefined,
}: {
  plan: ParcelPlan;
  currency: string;
  /** The list's accessible name (which parcel). */
  label: string;
  /** The name of a line of the refill, for a substitute's "instead of". */
  nameOf?: (variantId: number) => string | undefined;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <>
      <ul className="refill-parcel" aria-label={label}>
        {plan.lines.map((line) => {
          const replaced = line.substitute_for === null ? undefined : nameOf(line.substitute_for);
          return (
            <li key={line.product_variant_id} className="refill-parcel__line">
              <span>
                {t('next.line', { quantity: line.quantity, name: line.name })}
                {replaced && <span className="refill-parcel__instead"> {t('next.instead-of', { name: replaced })}</span>}
              </span>
              <span className="refill-parcel__total">{formatMoney(line.total, currency)}</span>
            </li>
          );
        })}
      </ul>
      <p className="refill-parcel__sum">
        <span>{t('next.total')}</span> <strong>{formatMoney(plan.total, currency)}</strong>
      </p>
    </>
  );
}
