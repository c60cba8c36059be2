import { useTranslation } from 'react-i18next';

import type { BuilderView } from '../state/builder-state';
import { ActiveProtocolView } from './active-protocol-view';
import { useBuilder } from './builder-context';
import { CreateProtocolForm } from './create-protocol-form';
import { EditProtocolForm } from './edit-protocol-form';
import { ProtocolListView } from './protocol-list-view';
import { ShareView } from './share-view';
import { useProtocolActions } from './use-protocol-actions';

/**
 * The views that open as right-side drawers in Standard mode (spec:
 * docs/spec-coverage.md#s2-right-side-drawers-create).
 */
export const DRAWER_VIEWS: ReadonlySet<BuilderView> = new Set<BuilderView>(['CreatingProtocol', 'EditingProtocol', 'SharingProtocol']);

/** Standard mode without a protocol: pick or create one. */
function DefaultView() {
  const { t } = useTranslation('builder');
  const { dispatch } = useBuilder();
  return (
    <section className="builder-view">
      <p className="builder-message">{t('default.text')}</p>
      <div className="builder-actions">
        <button type="button" className="button" onClick={() => dispatch({ type: 'listOpened' })}>
          {t('default.choose')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'createStarted' })}>
          {t('list.create')}
        </button>
      </div>
    </section>
  );
}

function EditView() {
  const { state, dispatch } = useBuilder();
  const actions = useProtocolActions();
  const id = state.activeProtocolId;
  return (
    <EditProtocolForm
      onClose={() => dispatch({ type: 'back' })}
      onSaved={(protocol) => dispatch(protocol ? { type: 'protocolSaved', protocol } : { type: 'back' })}
      onDelete={() => (id === null ? Promise.resolve(false) : actions.remove(id))}
    />
  );
}

/**
 * The panel's content for the builder's view (spec: docs/spec-coverage.md#s4-builder-states-nine-states
 * "Protocol builder states").
 */
export function BuilderViewContent({ view }: { view: BuilderView }) {
  const { dispatch, userTypeId } = useBuilder();
  switch (view) {
    case 'Unauthorized':
      return null;
    case 'Default':
      return <DefaultView />;
    case 'ListingProtocols':
      return <ProtocolListView />;
    case 'CreatingProtocol':
      return <CreateProtocolForm />;
    case 'EditingProtocol':
      return <EditView />;
    case 'SharingProtocol':
      return <ShareView userTypeId={userTypeId} onClose={() => dispatch({ type: 'back' })} />;
    case 'ActiveProtocol':
    case 'AddingNote':
    case 'ProductAdded':
      return <ActiveProtocolView />;
  }
}
