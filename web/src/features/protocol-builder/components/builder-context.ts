import { createContext, useContext, type Dispatch } from 'react';

import type { BuilderAction } from '../state/builder-actions';
import type { BuilderState } from '../state/builder-state';
import type { EditorProviderComponent } from './active-protocol-source';

export interface BuilderContextValue {
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  /** The signed-in user the active protocol is cached for (null signed out). */
  userId: string | null;
  userTypeId: number | null;
  /** How an editor is made for a protocol (REST by default, the live editor when given). */
  EditorProvider: EditorProviderComponent;
}

export const BuilderContext = createContext<BuilderContextValue | null>(null);

export function useBuilder(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilder needs a BuilderProvider above it.');
  return value;
}

/** For screens that also work without the builder around them (the protocol page). */
export function useOptionalBuilder(): BuilderContextValue | null {
  return useContext(BuilderContext);
}
