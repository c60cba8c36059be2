// The protocol builder's public face: the app mounts the provider, the builder and the page; the
// product page mounts the add button. The live editor plugs into BuilderProvider's `editorProvider`.
export { AddToProtocolButton } from './components/add-to-protocol-button';
export {
  ActiveProtocolEditorContext,
  useActiveProtocolEditor,
  type ActiveProtocolEditor,
  type EditorPresence,
  type EditorProviderComponent,
  type EditorProviderProps,
  type EditorStatus,
} from './components/active-protocol-source';
export { BuilderProvider } from './components/builder-provider';
export { ProtocolBuilder } from './components/protocol-builder';
export { RestEditorProvider } from './components/rest-editor-provider';
export { useRestProtocolEditor } from './components/use-rest-protocol-editor';
export { ProtocolPage } from './pages/protocol-page';
