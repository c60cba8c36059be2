import { useTranslation } from 'react-i18next';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { formatDay } from '../../../lib/format/date';
import { useCurrentLanguage } from '../../../lib/i18n';
import type { Subscription } from '../../../lib/subscriptions/list-subscriptions';
import './refill.css';

/**
 * A shared protocol's automatic refill (docs/decisions/0042-automatic-refills.md): its next parcel and the
 * way to its page when the protocol has a live one, otherwise the way to start one. `undefined`: the
 * client's refills are not read yet, so nothing shows rather than the wrong one of the two.
 */
export function AutomaticRefillLink({
  protocolId,
  name,
  subscription,
}: {
  protocolId: number;
  name: string;
  subscription: Subscription | null | undefined;
}) {
  const { t } = useTranslation('client-protocols');
  const language = useCurrentLanguage();
  if (subscription === undefined) return null;
  if (subscription === null) {
    return (
      <p className="refill-entry">
        <LocalizedLink
          className="button button--secondary"
          to={`/account/refills/new?protocol_id=${String(protocolId)}`}
          aria-label={t('subscription.start-label', { name })}
        >
          {t('subscription.start')}
        </LocalizedLink>
      </p>
    );
  }
  const next = subscription.state !== 'paused' ? subscription.next_parcel_on : null;
  return (
    <p className="refill-entry">
      <LocalizedLink to={`/account/refills/${String(subscription.id)}`}>
        {next ? t('subscription.next', { date: formatDay(next, language) }) : t('subscription.on')}
      </LocalizedLink>
    </p>
  );
}
