/** Builder states the reducer tests start from, reached through the reducer itself. */
import type { Protocol } from '../api/types';
import type { BuilderAction } from '../state/builder-actions';
import { builderReducer } from '../state/builder-reducer';
import { initialBuilderState, type BuilderMode, type BuilderState } from '../state/builder-state';

export function run(state: BuilderState, ...actions: BuilderAction[]): BuilderState {
  return actions.reduce(builderReducer, state);
}

/** Signed in as a certified practitioner, builder open. */
export function signedIn(mode: BuilderMode): BuilderState {
  return run(initialBuilderState({ mode }), { type: 'sessionChanged', signedIn: true, userTypeId: 2 }, { type: 'toggled' });
}

/** Signed in with `active` selected, and the list holding `listed` (the active one among them if given). */
export function withActive(mode: BuilderMode, active: Protocol, listed: Protocol[] = [active]): BuilderState {
  return run(
    signedIn(mode),
    {
      type: 'protocolsListed',
      protocols: listed,
      paging: { current_page: 1, limit: 5, offset: 0, total_pages: 1, total_results: listed.length },
    },
    { type: 'protocolSelected', protocol: active },
  );
}
