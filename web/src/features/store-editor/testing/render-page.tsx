import { renderRoutes } from '../../../testing/render-routes';
import { StoreEditorPage } from '../pages/store-editor-page';

export const EDITOR_URL = '/en/account/practitioner/store';

/** The editor under its route, with a fresh SWR cache and the real translations. */
export function renderEditor(url = EDITOR_URL) {
  return renderRoutes([{ path: '/:lang/account/practitioner/store', element: <StoreEditorPage /> }], {
    url,
    namespaces: ['store-editor'],
  });
}
