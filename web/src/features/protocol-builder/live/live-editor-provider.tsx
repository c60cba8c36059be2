import { ActiveProtocolEditorContext, type EditorProviderProps } from '../components/active-protocol-source';
import { useYjsProtocolEditor } from './use-yjs-protocol-editor';

/**
 * The live editor provider, for BuilderProvider's `editorProvider` (in place of RestEditorProvider):
 * the active protocol co-edited over its Yjs document, with presence. Importing it costs no Yjs code:
 * that is loaded when a protocol is opened.
 */
export function LiveEditorProvider({ protocolId, initial = null, children }: EditorProviderProps) {
  const editor = useYjsProtocolEditor(protocolId, initial);
  return <ActiveProtocolEditorContext value={editor}>{children}</ActiveProtocolEditorContext>;
}
