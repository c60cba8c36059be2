import { useTranslation } from 'react-i18next';

import { ADHERENCE_DAYS } from '../api/keys';
import { useClients } from '../api/list-clients';
import { ClientAdherence } from './client-adherence';
import { clientName } from './clients-card';
import { HeatmapLegend } from './adherence-heatmap';
import { HubCard } from './hub-card';

/**
 * How the practitioner's newest clients keep to the protocols they were given (docs/decisions/
 * 0043-the-day-schedule.md): a section per client who has one of them, live as the client checks in.
 */
export function AdherenceCard() {
  const { t } = useTranslation('practice');
  const { data, error, isLoading } = useClients(true);
  const withProtocols = data ? data.data.filter((client) => client.protocols_shared > 0) : [];
  return (
    <HubCard
      icon="clients"
      id="practice-adherence"
      title={t('adherence.title')}
      isLoading={isLoading}
      failure={error === undefined ? null : t('clients.failed')}
      wide
    >
      {data &&
        (withProtocols.length === 0 ? (
          <p>{t('adherence.empty')}</p>
        ) : (
          <>
            <p className="practice-card__hint">{t('adherence.lead', { days: ADHERENCE_DAYS })}</p>
            <HeatmapLegend />
            {withProtocols.map((client) => (
              <ClientAdherence key={client.id} clientId={client.id} name={clientName(client)} />
            ))}
          </>
        ))}
    </HubCard>
  );
}
