import { useTranslation } from 'react-i18next';

import { useBuilder } from './builder-context';

/** Switches between the Redesign side panel and the Standard bottom bar. */
export function ModeSwitch() {
  const { t } = useTranslation('builder');
  const { state, dispatch } = useBuilder();
  const next = state.mode === 'Redesign' ? 'Standard' : 'Redesign';
  return (
    <button type="button" className="text-button" onClick={() => dispatch({ type: 'modeChanged', mode: next })}>
      {next === 'Standard' ? t('mode.to-standard') : t('mode.to-redesign')}
    </button>
  );
}
