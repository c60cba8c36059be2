import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { useTemplates } from '../api/list-templates';
import type { ProtocolTemplate } from '../api/types';

interface TemplatePickerProps {
  chosen: ProtocolTemplate | null;
  onChoose: (template: ProtocolTemplate | null) => void;
}

/**
 * Spec docs/spec-coverage.md#s1-copy-protocol-template: practitioners can copy a protocol template from the
 * content source. The create drawer offers "a blank protocol" or one of the provider's templates; without
 * templates (none, or the call failed) there is nothing to choose and the drawer is the plain create form.
 */
export function TemplatePicker({ chosen, onChoose }: TemplatePickerProps) {
  const { t } = useTranslation('builder');
  const name = useId();
  const { data: templates } = useTemplates();
  if (!templates || templates.length === 0) return null;
  return (
    <fieldset className="builder-templates">
      <legend>{t('create.start-from')}</legend>
      <label className="builder-templates__option">
        <input type="radio" name={name} checked={chosen === null} onChange={() => onChoose(null)} />
        <span>{t('create.blank')}</span>
      </label>
      {templates.map((template) => (
        <label key={template.id} className="builder-templates__option">
          <input type="radio" name={name} checked={chosen?.id === template.id} onChange={() => onChoose(template)} />
          <span>
            {template.name}{' '}
            <span className="builder-templates__count">
              {t('create.template-products', { n: template.protocol_line_items.length })}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
