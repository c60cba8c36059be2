import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { StockBadge } from '../../../components/ui/stock-badge';
import { SubstituteDifference } from '../../../components/ui/substitute-difference';
import { formatMoney } from '../../../lib/format/money';
import { variantStock } from '../../../lib/stock/stock';
import { useProductSubstitutes } from '../../../lib/stock/product-substitutes';
import type { LineSubstitute, ProtocolProduct } from '../api/types';
import { useLineSubstitute } from './use-line-substitute';

interface ProductSubstituteProps {
  protocolId: number;
  product: ProtocolProduct;
  currency: string;
}

/**
 * A line's substitute (docs/decisions/0041-substitutes.md): what clients are offered first while the line's
 * product is sold out. Shows the current one from the protocol's REST data and opens, in the row itself
 * (the builder is used on phones, where a pop-over would cover the row), a list of the shop's alternatives
 * to choose from, or to clear the choice.
 */
export function ProductSubstitute({ protocolId, product, currency }: ProductSubstituteProps) {
  const { t } = useTranslation('builder');
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const pickerId = useId();
  const { saving, error, save, clearError } = useLineSubstitute(protocolId, product.product_variant_id);
  const current = product.substitute;

  const close = () => {
    setOpen(false);
    clearError();
    // The picker's buttons are gone: keep the keyboard where the buyer was.
    toggle.current?.focus();
  };
  const choose = async (substituteVariantId: number | null) => {
    if (await save(substituteVariantId)) close();
  };

  return (
    <div className="builder-substitute">
      <p className="builder-substitute__current">
        <span className="builder-substitute__label">{t('substitute.title')}</span>
        {current ? (
          <CurrentSubstitute substitute={current} currency={currency} />
        ) : (
          <span>{t('substitute.none')}</span>
        )}
      </p>
      <button
        ref={toggle}
        type="button"
        className="text-button builder-substitute__toggle"
        aria-expanded={open}
        aria-controls={open ? pickerId : undefined}
        aria-label={t(current ? 'substitute.change-label' : 'substitute.choose-label', { name: product.name })}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {current ? t('substitute.change') : t('substitute.choose')}
      </button>
      {open && (
        <SubstitutePicker
          id={pickerId}
          product={product}
          current={current}
          saving={saving}
          error={error}
          onChoose={(id) => void choose(id)}
          onClose={close}
        />
      )}
    </div>
  );
}

function CurrentSubstitute({ substitute, currency }: { substitute: LineSubstitute; currency: string }) {
  return (
    <>
      <strong className="builder-substitute__name">{substitute.name}</strong>
      <SubstituteDifference
        as="span"
        lead={[substitute.unit_of_measure]}
        doseRatio={substitute.dose_ratio}
        priceDifference={substitute.price_difference}
        currency={currency}
      />
      {/* A sold-out substitute is not offered to clients: the practitioner should know. */}
      <StockBadge stock={substitute.stock} />
    </>
  );
}

interface SubstitutePickerProps {
  id: string;
  product: ProtocolProduct;
  current: LineSubstitute | null;
  saving: boolean;
  error: string | null;
  onChoose: (substituteVariantId: number | null) => void;
  onClose: () => void;
}

function SubstitutePicker({ id, product, current, saving, error, onChoose, onClose }: SubstitutePickerProps) {
  const { t } = useTranslation('builder');
  // Without the protocol on purpose: the practitioner is choosing, so their current choice must not be put
  // first as if it were the shop's.
  const offers = useProductSubstitutes({ slug: product.slug, variantId: product.product_variant_id });

  let body;
  if (offers.error) {
    body = (
      <p className="builder-substitute__message" role="alert">
        {t('substitute.load-failed')}{' '}
        <button type="button" className="text-button" onClick={() => void offers.mutate()}>
          {t('ui.retry')}
        </button>
      </p>
    );
  } else if (!offers.data) {
    body = (
      <p className="builder-substitute__message" aria-busy="true">
        {t('substitute.loading')}
      </p>
    );
  } else if (offers.data.length === 0) {
    body = <p className="builder-substitute__message">{t('substitute.no-offers')}</p>;
  } else {
    body = (
      <ul className="builder-substitute__offers" aria-label={t('substitute.offers', { name: product.name })}>
        {offers.data.map((offer) => {
          const variant = offer.product.variants.find((item) => item.id === offer.product_variant_id);
          const chosen = current?.product_variant_id === offer.product_variant_id;
          return (
            <li key={offer.product_variant_id} className="builder-substitute__offer">
              <div className="builder-substitute__offer-info">
                <span className="builder-substitute__name">{offer.product.name}</span>
                <span>{[variant?.unit_of_measure, formatMoney(offer.price, offer.currency)].filter(Boolean).join(' · ')}</span>
                <SubstituteDifference
                  as="span"
                  reason={offer.reason}
                  reader="practitioner"
                  doseRatio={offer.dose_ratio}
                  priceDifference={offer.price_difference}
                  currency={offer.currency}
                />
                <StockBadge stock={variantStock(offer.product.variants, offer.product_variant_id)} />
              </div>
              <button
                type="button"
                className="button button--secondary"
                disabled={saving || chosen}
                aria-label={t(chosen ? 'substitute.chosen-label' : 'substitute.use-label', {
                  substitute: offer.product.name,
                  name: product.name,
                })}
                onClick={() => onChoose(offer.product_variant_id)}
              >
                {chosen ? t('substitute.chosen') : t('substitute.use')}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div id={id} className="builder-substitute__picker" role="group" aria-label={t('substitute.picker-label', { name: product.name })}>
      <p className="builder-substitute__hint">{t('substitute.hint')}</p>
      {body}
      {error && (
        <p className="builder-substitute__error" role="alert">
          {error}
        </p>
      )}
      <div className="builder-actions">
        {current && (
          <button
            type="button"
            className="button button--secondary"
            disabled={saving}
            aria-label={t('substitute.clear-label', { name: product.name })}
            onClick={() => onChoose(null)}
          >
            {t('substitute.clear')}
          </button>
        )}
        <button type="button" className="text-button" onClick={onClose}>
          {t('ui.close')}
        </button>
      </div>
    </div>
  );
}
