import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useActiveProtocolEditor } from './active-protocol-source';
import { useBuilder } from './builder-context';
import { ConnectionStatus } from './connection-status';
import { DailyTotalsPanel } from './daily-totals-panel';
import { DayWarningsPanel } from './day-warnings-panel';
import { PresenceList } from './presence-list';
import { ProtocolProducts } from './protocol-products';
import { RedirectNotice } from './redirect-notice';
import { useLiveDailyTotals } from './use-live-daily-totals';
import { useLiveDayWarnings } from './use-live-day-warnings';

export function protocolPagePath(protocolId: number): string {
  return `/account/practitioner/protocols/${protocolId}`;
}

/**
 * The active protocol (spec: docs/spec-coverage.md#s2-panel-views-list-search): its products, edit, share and
 * the way back to the list.
 */
export function ActiveProtocolView() {
  const { t } = useTranslation('builder');
  const { dispatch } = useBuilder();
  const editor = useActiveProtocolEditor();
  const [leaving, setLeaving] = useState(false);
  const titleId = useId();
  const { protocol } = editor;
  const totals = useLiveDailyTotals(protocol);
  const day = useLiveDayWarnings(protocol);

  if (!protocol) {
    return (
      <section className="builder-view" aria-busy={editor.status === 'loading'}>
        <p className="builder-message" role={editor.status === 'error' ? 'alert' : undefined}>
          {editor.status === 'error' ? t('active.failed') : t('ui.loading')}
        </p>
        <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'listOpened' })}>
          {t('active.to-list')}
        </button>
      </section>
    );
  }

  return (
    <section className="builder-view" aria-labelledby={titleId}>
      <div className="builder-view__head">
        <h2 id={titleId} className="builder-view__title">
          {protocol.name}
        </h2>
        <PresenceList presence={editor.presence} />
        <ConnectionStatus link={editor.link} />
      </div>
      {protocol.description && <p className="builder-description">{protocol.description}</p>}
      <div className="builder-actions">
        <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'editStarted' })}>
          {t('active.edit')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'shareStarted' })}>
          {t('active.share')}
        </button>
        <button type="button" className="text-button" onClick={() => setLeaving(true)}>
          {t('active.open-page')}
        </button>
        <button type="button" className="text-button" onClick={() => dispatch({ type: 'back' })}>
          {t('active.to-list')}
        </button>
      </div>
      <ProtocolProducts protocol={protocol} />
      <DailyTotalsPanel protocol={protocol} totals={totals} />
      <DayWarningsPanel protocol={protocol} day={day} />
      {leaving && <RedirectNotice to={protocolPagePath(protocol.protocol_id)} onCancel={() => setLeaving(false)} />}
    </section>
  );
}
