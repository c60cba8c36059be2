import { useTranslation } from 'react-i18next';

import { formatShare } from '../../../lib/format/number';
import { useCurrentLanguage } from '../../../lib/i18n/use-current-language';
import { isNoProtocols, useClientAdherence } from '../api/get-client-adherence';
import { ADHERENCE_DAYS } from '../api/keys';
import type { ProtocolAdherence } from '../api/types';
import { AdherenceHeatmap } from './adherence-heatmap';

function ProtocolAdherenceEntry({ protocol, clientName }: { protocol: ProtocolAdherence; clientName: string }) {
  const { t } = useTranslation('practice');
  const language = useCurrentLanguage();
  const share = (value: number | null) => (value === null ? t('adherence.none-yet') : t('adherence.taken-share', { share: formatShare(value, language) }));
  return (
    <li className="practice-adherence__protocol">
      <div className="practice-adherence__figures">
        <h4>{protocol.name}</h4>
        <dl>
          <dt>{t('adherence.last-days', { count: 7 })}</dt>
          <dd>{share(protocol.share_7_days)}</dd>
          <dt>{t('adherence.last-days', { count: ADHERENCE_DAYS })}</dt>
          <dd>{share(protocol.share)}</dd>
        </dl>
        <p className="practice-list__meta">
          {t('adherence.counts', { taken: protocol.taken, skipped: protocol.skipped, missed: protocol.missed })}
        </p>
      </div>
      <AdherenceHeatmap protocol={protocol} clientName={clientName} />
    </li>
  );
}

/**
 * One client's adherence to each of the practitioner's protocols they have: the share taken over 7 and 30
 * days and the day-by-day heatmap, live. Nothing at all when the client has none of those protocols (404).
 */
export function ClientAdherence({ clientId, name }: { clientId: number; name: string }) {
  const { t } = useTranslation('practice');
  const { data, error } = useClientAdherence(clientId);
  if (isNoProtocols(error)) return null;
  if (!data) {
    return error ? <p role="alert">{t('adherence.failed', { client: name })}</p> : null;
  }
  const headingId = `practice-adherence-${String(clientId)}`;
  return (
    <section className="practice-adherence" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <ul className="practice-list" aria-labelledby={headingId}>
        {data.protocols.map((protocol) => (
          <ProtocolAdherenceEntry key={protocol.protocol_id} protocol={protocol} clientName={name} />
        ))}
      </ul>
    </section>
  );
}
