import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { SubstituteDifference, SubstituteReason } from '../../../components/ui/substitute-difference';
import { ApiError } from '../../../lib/api/http';
import { formatMoney } from '../../../lib/format/money';
import type { CartItem } from '../api/cart';
import { useProductSubstitutes, type SubstituteOffer } from '../../../lib/stock/product-substitutes';
import type { useCartActions } from '../api/use-cart-actions';

interface CartSubstituteProps {
  item: CartItem;
  actions: ReturnType<typeof useCartActions>;
}

/**
 * A sold-out line's alternative (docs/decisions/0041-substitutes.md): the first offer of the substitutes
 * call, the practitioner's choice first when the line came from their protocol, with what changes in price
 * and dose, and "Replace" to swap it in at the line's quantity. Nothing while there is no offer: the line's
 * own "sold out" already says what matters.
 */
export function CartSubstitute({ item, actions }: CartSubstituteProps) {
  const { data } = useProductSubstitutes({
    slug: item.slug,
    variantId: item.product_variant_id,
    protocolId: item.source_protocol_id ?? null,
  });
  const offer = data?.[0];
  if (!offer) return null;
  // Keyed by the offer: another offer (a new choice of the practitioner) starts without the old error.
  return <OfferCard key={offer.product_variant_id} item={item} offer={offer} actions={actions} />;
}

function OfferCard({ item, offer, actions }: CartSubstituteProps & { offer: SubstituteOffer }) {
  const { t } = useTranslation('cart');
  const [error, setError] = useState<string | null>(null);
  const size = offer.product.variants.find((variant) => variant.id === offer.product_variant_id)?.unit_of_measure;

  async function replace() {
    setError(null);
    try {
      await actions.replaceLine(item.product_variant_id, offer.product_variant_id, item.quantity);
    } catch (failure) {
      // The server's reason when it gave one (e.g. too few left of the alternative); the line stays.
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : t('substitute.replace-failed'));
    }
  }

  return (
    <div className="substitute-offer" role="group" aria-label={t('substitute.label', { name: item.name })}>
      <p className="substitute-offer__head">
        <strong>{t('substitute.instead')}</strong>{' '}
        <SubstituteReason reason={offer.reason} className="substitute-offer__reason" />
      </p>
      <p className="substitute-offer__product">
        <LocalizedLink to={`/products/${offer.product.slug}`}>{offer.product.name}</LocalizedLink>
      </p>
      <p className="substitute-offer__facts">
        {[size, formatMoney(offer.price, offer.currency)].filter(Boolean).join(' · ')}
      </p>
      <SubstituteDifference
        className="substitute-offer__facts"
        doseRatio={offer.dose_ratio}
        priceDifference={offer.price_difference}
        currency={offer.currency}
      />
      <button
        type="button"
        className="button button--secondary substitute-offer__action"
        aria-label={t('substitute.replace-label', { name: item.name, substitute: offer.product.name })}
        disabled={actions.pending}
        onClick={() => void replace()}
      >
        {t('substitute.replace')}
      </button>
      {error && (
        <p className="cart-line__unavailable" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
