import { useTranslation } from 'react-i18next';

import { useCurrentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format/date';
import { PHASES, type JourneyStep } from './journey';

type StepState = 'reached' | 'next' | 'open' | 'later';

function stateOf(step: JourneyStep): StepState {
  if (step.reached) return 'reached';
  if (step.next) return 'next';
  return step.action === 'later' ? 'later' : 'open';
}

const MARKS: Record<StepState, string> = { reached: '✓', next: '→', open: '', later: '' };

/** The 14 milestones in journey order, by phase: reached (with its date), the next step, not yet, or coming later. */
export function MilestoneList({ steps }: { steps: readonly JourneyStep[] }) {
  const { t } = useTranslation('onboarding');
  const language = useCurrentLanguage();

  const statusText = (step: JourneyStep, state: StepState) => {
    if (state === 'reached') {
      return step.reachedAt ? t('journey.reached-on', { date: formatDate(step.reachedAt, language) }) : t('journey.reached');
    }
    if (state === 'next') return t('journey.next');
    return state === 'later' ? t('journey.later') : t('journey.open');
  };

  return (
    <div className="milestones" role="group" aria-label={t('journey.list-label')}>
      {PHASES.map((phase) => (
        <section key={phase} className="milestones__phase" aria-labelledby={`phase-${phase}`}>
          <h2 id={`phase-${phase}`} className="milestones__phase-title">
            {t(`journey.phases.${phase}`)}
          </h2>
          <ol className="milestones__list">
            {steps
              .filter((step) => step.phase === phase)
              .map((step) => {
                const state = stateOf(step);
                return (
                  <li
                    key={step.id}
                    className={`milestone milestone--${state}`}
                    data-milestone={step.name}
                    data-state={state}
                    aria-current={state === 'next' ? 'step' : undefined}
                  >
                    <span className="milestone__mark" aria-hidden="true">
                      {MARKS[state]}
                    </span>
                    <span className="milestone__title">{t(`milestones.${step.name}`)}</span>
                    <span className="milestone__status">{statusText(step, state)}</span>
                  </li>
                );
              })}
          </ol>
        </section>
      ))}
    </div>
  );
}
