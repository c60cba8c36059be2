import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { LocalizedLink } from '../../../components/ui/localized-link';
import { PageIntro } from '../../../components/ui/page-intro';
import { useCurrentLanguage } from '../../../lib/i18n';
import { localizePath } from '../../../lib/languages';
import { useSession } from '../../../lib/session';
import { deleteProtocol } from '../api/delete-protocol';
import { BUILDER_TOASTS } from '../builder-messages';
import { useActiveProtocolEditor } from '../components/active-protocol-source';
import { useOptionalBuilder } from '../components/builder-context';
import { builderToast } from '../components/builder-toast-store';
import { DialogFrame } from '../components/drawer';
import { EditProtocolForm } from '../components/edit-protocol-form';
import { failureMessage } from '../components/failure-message';
import { ConnectionStatus } from '../components/connection-status';
import { PresenceList } from '../components/presence-list';
import { DailyTotalsPanel } from '../components/daily-totals-panel';
import { DayWarningsPanel } from '../components/day-warnings-panel';
import { ProtocolProducts } from '../components/protocol-products';
import { useLiveDailyTotals } from '../components/use-live-daily-totals';
import { useLiveDayWarnings } from '../components/use-live-day-warnings';
import { RestEditorProvider } from '../components/rest-editor-provider';
import { ShareView } from '../components/share-view';
import { isBuilderUser } from '../state/builder-state';
import '../components/protocol-builder.css';
import '../../../components/ui/line-list.css';

type Drawer = 'edit' | 'share' | null;

function ProtocolPageBody() {
  const { t } = useTranslation(['builder', 'nutrition']);
  const editor = useActiveProtocolEditor();
  const builder = useOptionalBuilder();
  const { user } = useSession();
  const navigate = useNavigate();
  const language = useCurrentLanguage();
  const [drawer, setDrawer] = useState<Drawer>(null);
  const { protocol } = editor;
  const totals = useLiveDailyTotals(protocol);
  const day = useLiveDayWarnings(protocol);

  if (!protocol) {
    const message = editor.status === 'gone' ? t('page.not-found') : editor.status === 'error' ? t('active.failed') : t('ui.loading');
    return (
      <PageIntro title={t('page.title')}>
        <p className="page-intro__lead" role={editor.status === 'loading' ? undefined : 'alert'}>
          {message}
        </p>
      </PageIntro>
    );
  }

  async function remove(protocolId: number): Promise<boolean> {
    try {
      await deleteProtocol(protocolId);
      builderToast.success(t(BUILDER_TOASTS.protocolDeleted));
      // The builder forgets it too, whether or not it was the active one.
      builder?.dispatch({ type: 'protocolDeletedElsewhere', protocolId });
      void navigate(localizePath('/account', language));
      return true;
    } catch (error) {
      builderToast.error(failureMessage(error, t));
      return false;
    }
  }

  return (
    <>
      <PageIntro title={protocol.name}>
        {protocol.description && <p className="page-intro__lead">{protocol.description}</p>}
        <PresenceList presence={editor.presence} />
        <ConnectionStatus link={editor.link} />
        <div className="builder-actions">
          <button type="button" className="button" onClick={() => setDrawer('edit')}>
            {t('active.edit')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setDrawer('share')}>
            {t('active.share')}
          </button>
        </div>
      </PageIntro>
      <div className="builder-page">
        <ProtocolProducts protocol={protocol} />
        <DailyTotalsPanel protocol={protocol} totals={totals} />
        <DayWarningsPanel protocol={protocol} day={day} />
      </div>
      {drawer === 'edit' && (
        <DialogFrame title={t('edit.title')} onClose={() => setDrawer(null)}>
          <EditProtocolForm onClose={() => setDrawer(null)} onSaved={() => setDrawer(null)} onDelete={() => remove(protocol.protocol_id)} />
        </DialogFrame>
      )}
      {drawer === 'share' && (
        <DialogFrame title={t('share.drawer-title')} onClose={() => setDrawer(null)}>
          <ShareView userTypeId={user?.userTypeId ?? null} onClose={() => setDrawer(null)} />
        </DialogFrame>
      )}
    </>
  );
}

/** `/{lang}/account/practitioner/protocols/{id}`: one protocol with its products, edit and share. */
export function ProtocolPage() {
  const { t } = useTranslation(['builder', 'nutrition']);
  const { id } = useParams();
  const { tokens, user } = useSession();
  const builder = useOptionalBuilder();
  const protocolId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  const EditorProvider = builder?.EditorProvider ?? RestEditorProvider;

  if (!isBuilderUser(tokens !== null, user?.userTypeId)) {
    return (
      <PageIntro title={t('page.title')}>
        <p className="page-intro__lead">{t('page.practitioners-only')}</p>
        {tokens === null && (
          <LocalizedLink className="button" to="/login">
            {t('page.sign-in')}
          </LocalizedLink>
        )}
      </PageIntro>
    );
  }
  if (protocolId === null) {
    return (
      <PageIntro title={t('page.title')}>
        <p className="page-intro__lead">{t('page.not-found')}</p>
      </PageIntro>
    );
  }
  const initial = builder?.state.activeProtocolId === protocolId ? builder.state.activeProtocol : null;
  return (
    <EditorProvider protocolId={protocolId} initial={initial}>
      <ProtocolPageBody />
    </EditorProvider>
  );
}
