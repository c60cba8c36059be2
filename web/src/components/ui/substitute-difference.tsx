import { useTranslation } from 'react-i18next';

import type { Schemas } from '../../lib/api/types';
import { formatMoney } from '../../lib/format/money';
import { doseChange, formatRatio, priceChange } from '../../lib/format/substitute';
import { useCurrentLanguage } from '../../lib/i18n';
import './substitute-offer.css';

/** Why a substitute is offered: the practitioner chose it, it has the same facts, or the shop marked it. */
type Reason = Schemas['SubstituteOfferOut']['reason'];

/**
 * Who reads the words. The practitioner's choice is "Your practitioner's choice" to a client and "Your
 * choice" to the practitioner who made it (the protocol builder).
 */
type Reader = 'client' | 'practitioner';

const REASON_KEYS = {
  practitioner: 'substitute.reason.practitioner',
  same_facts: 'substitute.reason.same-facts',
  marked: 'substitute.reason.marked',
} as const satisfies Record<Reason, string>;

function reasonKey(reason: Reason, reader: Reader) {
  return reader === 'practitioner' && reason === 'practitioner' ? 'substitute.reason.practitioner-own' : REASON_KEYS[reason];
}

interface SubstituteReasonProps {
  reason: Reason;
  reader?: Reader;
  className?: string;
}

/** "Your practitioner's choice", "Same nutrients per serving", "Shop's alternative". */
export function SubstituteReason({ reason, reader = 'client', className }: SubstituteReasonProps) {
  const { t } = useTranslation('common');
  return <span className={className}>{t(reasonKey(reason, reader))}</span>;
}

interface SubstituteDifferenceProps {
  /** One serving of the substitute against one of the product it stands in for; null without facts. */
  doseRatio: number | null | undefined;
  /** The signed price difference as the server sends it ("-1.50": cheaper). */
  priceDifference: string;
  currency: string;
  /** Says first why it is offered (the builder's list of offers). */
  reason?: Reason;
  reader?: Reader;
  /** Facts said before the rest, such as the size; empty ones are left out. */
  lead?: readonly (string | null | undefined)[];
  as?: 'p' | 'span';
  className?: string;
}

/**
 * How a substitute compares with the product it stands in for (docs/decisions/0041-substitutes.md), in one
 * line: "1,50 € cheaper · 2× the dose per serving". The cart, the protocol builder and the client's
 * protocols say it with the same words. Nothing when there is nothing to say.
 */
export function SubstituteDifference({
  doseRatio,
  priceDifference,
  currency,
  reason,
  reader = 'client',
  lead = [],
  as: Tag = 'p',
  className,
}: SubstituteDifferenceProps) {
  const { t } = useTranslation('common');
  const language = useCurrentLanguage();
  const price = priceChange(priceDifference);
  const dose = doseChange(doseRatio);

  const facts = [
    ...lead,
    reason && t(reasonKey(reason, reader)),
    price?.kind === 'cheaper' && t('substitute.cheaper', { amount: formatMoney(price.amount, currency) }),
    price?.kind === 'dearer' && t('substitute.dearer', { amount: formatMoney(price.amount, currency) }),
    price?.kind === 'same' && t('substitute.same-price'),
    dose?.kind === 'half' && t('substitute.dose-half'),
    dose?.kind === 'times' && t('substitute.dose', { count: dose.ratio, ratio: formatRatio(dose.ratio, language) }),
  ].filter((text): text is string => typeof text === 'string' && text !== '');

  if (facts.length === 0) return null;
  return <Tag className={className}>{facts.join(' · ')}</Tag>;
}
