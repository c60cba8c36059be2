import { ActiveProtocolEditorContext, type EditorProviderProps } from './active-protocol-source';
import { useRestProtocolEditor } from './use-rest-protocol-editor';

/** The default editor provider: the protocol over REST, no presence. */
export function RestEditorProvider({ protocolId, initial = null, children }: EditorProviderProps) {
  const editor = useRestProtocolEditor(protocolId, initial);
  return <ActiveProtocolEditorContext value={editor}>{children}</ActiveProtocolEditorContext>;
}
