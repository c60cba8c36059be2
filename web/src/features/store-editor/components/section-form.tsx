import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SectionFormProps {
  title: string;
  lead?: string;
  dirty: boolean;
  saving: boolean;
  /** Extra reasons to keep Save off (e.g. a shop name known to be taken). */
  blocked?: boolean;
  onSave: () => void;
  children: ReactNode;
  /** Shown after the form (lists with their own saves, images). */
  after?: ReactNode;
  /** Shown before the form. */
  before?: ReactNode;
  headingLevel?: 2 | 3;
}

/**
 * One section of the editor: a titled region with its own form and Save button, which is off while
 * nothing changed or a save is on its way.
 */
export function SectionForm({ title, lead, dirty, saving, blocked, onSave, children, after, before, headingLevel = 2 }: SectionFormProps) {
  const { t } = useTranslation('store-editor');
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dirty && !saving && !blocked) onSave();
  };
  return (
    <section className={`store-section store-section--h${headingLevel}`} aria-labelledby={headingId}>
      <Heading id={headingId} className="store-section__title">
        {title}
      </Heading>
      {lead && <p className="store-section__lead">{lead}</p>}
      {before}
      <form className="store-form" onSubmit={submit} noValidate>
        {children}
        <div className="store-form__actions">
          <button type="submit" className="button" disabled={!dirty || saving || blocked}>
            {saving ? t('action.saving') : t('action.save')}
          </button>
          {dirty && !saving && <span className="store-form__status">{t('action.unsaved')}</span>}
        </div>
      </form>
      {after}
    </section>
  );
}
