import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { SignInLink } from '../../../components/ui/sign-in-link';
import { SubstituteDifference, SubstituteReason } from '../../../components/ui/substitute-difference';
import { ApiError } from '../../../lib/api/http';
import { addVariantToCart } from '../../../lib/cart/add-to-cart';
import { formatMoney } from '../../../lib/format/money';
import { useSignedIn } from '../../../lib/session/use-signed-in';
import { toast } from '../../../lib/toast/toast-store';
import { useProductSubstitutes, type SubstituteOffer } from '../../../lib/stock/product-substitutes';
import type { LineSubstitute as ChosenSubstitute, ProtocolProduct } from '../api/types';
import { countedSubstitute } from './counted-substitute';

/** What the line's "Instead" block shows, from the practitioner's choice or from one of the shop's offers. */
interface Alternative {
  variantId: number;
  name: string;
  slug: string;
  /** The offered size ("60 capsules"), when the reply names it. */
  size: string | undefined;
  price: string;
  priceDifference: string;
  doseRatio: number | null;
  currency: string;
  reason: SubstituteOffer['reason'];
}

function fromChoice(substitute: ChosenSubstitute, currency: string): Alternative {
  return {
    variantId: substitute.product_variant_id,
    name: substitute.name,
    slug: substitute.slug,
    size: substitute.unit_of_measure || undefined,
    price: substitute.price,
    priceDifference: substitute.price_difference,
    doseRatio: substitute.dose_ratio,
    currency,
    reason: 'practitioner',
  };
}

function fromOffer(offer: SubstituteOffer): Alternative {
  return {
    variantId: offer.product_variant_id,
    name: offer.product.name,
    slug: offer.product.slug,
    size: offer.product.variants.find((variant) => variant.id === offer.product_variant_id)?.unit_of_measure,
    price: offer.price,
    priceDifference: offer.price_difference,
    doseRatio: offer.dose_ratio,
    currency: offer.currency,
    reason: offer.reason,
  };
}

interface LineSubstituteProps {
  /** A sold-out line. */
  line: ProtocolProduct;
  protocolId: number;
  /** The protocol's currency, which the practitioner's substitute is priced in. */
  currency: string;
  /** On the link page: lets the substitutes call read the protocol for a visitor it is not shared with. */
  linkToken?: string;
}

/**
 * A sold-out line's alternative (docs/decisions/0041-substitutes.md): the practitioner's substitute when it
 * can be bought (the protocol already carries it, nothing is asked), else the first of the shop's offers,
 * with what changes in price and dose, and "Add to cart instead" at the line's quantity. Nothing while there
 * is no offer: the line's own "sold out" already says what matters.
 */
export function LineSubstitute({ line, protocolId, currency, linkToken }: LineSubstituteProps) {
  const chosen = countedSubstitute(line);
  if (chosen) {
    return <AlternativeCard key={chosen.product_variant_id} line={line} alternative={fromChoice(chosen, currency)} />;
  }
  return <ShopAlternative line={line} protocolId={protocolId} linkToken={linkToken} />;
}

function ShopAlternative({ line, protocolId, linkToken }: Omit<LineSubstituteProps, 'currency'>) {
  const { data } = useProductSubstitutes({ slug: line.slug, variantId: line.product_variant_id, protocolId, linkToken });
  const offer = data?.[0];
  if (!offer) return null;
  return <AlternativeCard key={offer.product_variant_id} line={line} alternative={fromOffer(offer)} />;
}

function AlternativeCard({ line, alternative }: { line: ProtocolProduct; alternative: Alternative }) {
  const { t } = useTranslation('client-protocols');
  const signedIn = useSignedIn();
  const [busy, setBusy] = useState(false);

  async function add() {
    setBusy(true);
    try {
      await addVariantToCart(alternative.variantId, line.item_count);
      toast.success(t('substitute.added', { count: line.item_count, name: alternative.name }));
    } catch (error) {
      console.error(`Adding variant ${alternative.variantId} in place of ${line.product_variant_id} failed`, error);
      // The server's reason when it gave one (e.g. too few left of the alternative).
      toast.error(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : t('substitute.add-failed', { name: alternative.name }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="substitute-offer" role="group" aria-label={t('substitute.label', { name: line.name })}>
      <p className="substitute-offer__head">
        <strong>{t('substitute.instead')}</strong>{' '}
        <SubstituteReason reason={alternative.reason} className="substitute-offer__reason" />
      </p>
      <p className="substitute-offer__product">
        <LocalizedLink to={`/products/${alternative.slug}`}>{alternative.name}</LocalizedLink>
      </p>
      <p className="substitute-offer__facts">
        {[alternative.size, formatMoney(alternative.price, alternative.currency)].filter(Boolean).join(' · ')}
      </p>
      <SubstituteDifference
        className="substitute-offer__facts"
        doseRatio={alternative.doseRatio}
        priceDifference={alternative.priceDifference}
        currency={alternative.currency}
      />
      {signedIn ? (
        <button
          type="button"
          className="button button--secondary substitute-offer__action"
          aria-label={t('substitute.add-label', { name: line.name, substitute: alternative.name })}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void add()}
        >
          {t('substitute.add')}
        </button>
      ) : (
        <SignInLink className="button button--secondary substitute-offer__action">
          {t('substitute.sign-in', { substitute: alternative.name })}
        </SignInLink>
      )}
    </div>
  );
}
