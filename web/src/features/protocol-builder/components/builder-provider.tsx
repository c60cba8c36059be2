import { useEffect, useMemo, useReducer, useRef, type Dispatch, type ReactNode } from 'react';

import { useSession } from '../../../lib/session';
import { userIdOf } from '../../../lib/session/token-claims';
import type { Protocol } from '../api/types';
import { restoreActiveProtocol, syncActiveProtocolCache, readStandardOpen, writeStandardOpen } from '../state/active-protocol-cache';
import type { BuilderAction } from '../state/builder-actions';
import { builderReducer } from '../state/builder-reducer';
import { initialBuilderState, isBuilderUser } from '../state/builder-state';
import { useBuilderEvents } from '../state/use-builder-events';
import { useActiveProtocolEditor, type EditorProviderComponent } from './active-protocol-source';
import { BuilderContext, type BuilderContextValue } from './builder-context';
import { readMode, readWidth, writeMode, writeWidth } from './builder-preferences';
import { BuilderToasts } from './builder-toasts';
import { RestEditorProvider } from './rest-editor-provider';

function initialState() {
  const mode = readMode();
  // Redesign starts closed (spec: docs/spec-coverage.md#s4-builder-states-nine-states); the Standard bar
  // reopens as it was left.
  return initialBuilderState({ mode, width: readWidth(), enabled: mode === 'Standard' && readStandardOpen() });
}

interface EditorSyncProps {
  activeId: number | null;
  activeProtocol: Protocol | null;
  dispatch: Dispatch<BuilderAction>;
}

/**
 * Whatever the editor learns about the active protocol (a refetch, another device's edit) reaches the
 * reducer, so the list, the cache and the panel agree; a protocol that is gone resets the builder.
 */
function EditorSync({ activeId, activeProtocol, dispatch }: EditorSyncProps) {
  const editor = useActiveProtocolEditor();
  const { protocol, status } = editor;
  useEffect(() => {
    if (protocol && protocol !== activeProtocol && protocol.protocol_id === activeId) {
      dispatch({ type: 'protocolRefreshed', protocol });
    }
  }, [protocol, activeProtocol, activeId, dispatch]);
  useEffect(() => {
    if (status === 'gone' && activeId !== null) dispatch({ type: 'activeProtocolInvalid' });
  }, [status, activeId, dispatch]);
  return null;
}

interface BuilderProviderProps {
  children: ReactNode;
  /** The editor of the active protocol; the live (Yjs) one plugs in here. REST by default. */
  editorProvider?: EditorProviderComponent;
}

/** The builder's state machine and what it keeps in step: the session, the cache, the socket. */
export function BuilderProvider({ children, editorProvider = RestEditorProvider }: BuilderProviderProps) {
  const [state, dispatch] = useReducer(builderReducer, undefined, initialState);
  const { tokens, user } = useSession();
  const signedIn = tokens !== null;
  const userTypeId = user?.userTypeId ?? null;
  const userId = tokens ? (userIdOf(tokens.accessToken) ?? (user?.id == null ? null : String(user.id))) : null;
  const restoredFor = useRef<string | null>(null);

  useEffect(() => {
    dispatch({ type: 'sessionChanged', signedIn, userTypeId });
    if (!isBuilderUser(signedIn, userTypeId) || userId === null || restoredFor.current === userId) return;
    // Once per user: another user's cached protocol is discarded by restoreActiveProtocol itself.
    restoredFor.current = userId;
    const cached = restoreActiveProtocol(userId);
    if (cached) dispatch({ type: 'protocolSelected', protocol: cached });
  }, [signedIn, userTypeId, userId]);

  useEffect(() => {
    if (userId !== null && restoredFor.current === userId) syncActiveProtocolCache(userId, state);
  }, [userId, state]);

  useEffect(() => {
    if (state.mode === 'Standard') writeStandardOpen(state.enabled);
  }, [state.mode, state.enabled]);
  useEffect(() => writeMode(state.mode), [state.mode]);
  useEffect(() => writeWidth(state.width), [state.width]);

  useBuilderEvents(dispatch);

  const value = useMemo<BuilderContextValue>(
    () => ({ state, dispatch, userId, userTypeId, EditorProvider: editorProvider }),
    [state, userId, userTypeId, editorProvider],
  );
  const EditorProvider = editorProvider;
  return (
    <BuilderContext value={value}>
      <EditorProvider protocolId={state.activeProtocolId} initial={state.activeProtocol}>
        <EditorSync activeId={state.activeProtocolId} activeProtocol={state.activeProtocol} dispatch={dispatch} />
        {children}
      </EditorProvider>
      {/* Always there: a signed-out visitor's add is refused with a toast too. */}
      <BuilderToasts />
    </BuilderContext>
  );
}
