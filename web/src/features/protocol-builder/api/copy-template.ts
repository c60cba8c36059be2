import { apiFetch } from '../../../lib/api/http';
import { CONTENT_PROVIDER, templatesPath } from './keys';
import type { TemplateCopyInput, TemplateCreatedReply } from './types';

/**
 * `POST /v2/providers/{provider}/protocols/templates/create`: copies a template into a new protocol of
 * the caller (201 with its id). Empty lines take the template's; an empty name or description too.
 */
export function copyTemplate(input: TemplateCopyInput, provider = CONTENT_PROVIDER): Promise<TemplateCreatedReply> {
  return apiFetch<TemplateCreatedReply>(`${templatesPath(provider)}/create`, {
    method: 'POST',
    auth: 'required',
    body: {
      protocol_template_id: input.protocol_template_id,
      name: input.name,
      description: input.description,
      protocol_line_items: (input.protocol_line_items ?? []).map((line) => ({
        product_variant_id: line.product_variant_id,
        notes: line.notes,
      })),
    } satisfies TemplateCopyInput,
  });
}
