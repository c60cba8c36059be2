import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { setTokens } from '../../../lib/session/token-store';
import { server } from '../../../testing/msw-server';
import { createAnswer, errorBody } from '../testing/api-capture';
import { protocol } from '../testing/protocol-fixtures';
import { copyTemplate } from './copy-template';
import { fetchTemplates } from './list-templates';

const answer = createAnswer(server);
const TEMPLATE = {
  id: 2,
  name: 'Gut reset',
  description: 'Four weeks',
  protocol_line_items: [{ product_variant_id: 11, notes: 'With breakfast' }],
};

describe('template calls', () => {
  beforeEach(() => setTokens({ accessToken: 'access', refreshToken: 'refresh', userTypeId: 2 }));
  afterEach(() => setTokens(null));

  it('lists the local provider’s templates', async () => {
    const seen = answer('get', '/v2/providers/local/protocols/templates', [TEMPLATE]);
    await expect(fetchTemplates()).resolves.toEqual([TEMPLATE]);
    expect(seen[0]?.authorization).toBe('Bearer access');
  });

  it('copies a template with the template copy payload and answers the new id', async () => {
    const reply = { message: 'Template added.', id: 8, data: protocol(8) };
    const seen = answer('post', '/v2/providers/local/protocols/templates/create', reply, 201);
    const input = { protocol_template_id: 2, name: 'Mine', description: 'Adapted', protocol_line_items: TEMPLATE.protocol_line_items };
    await expect(copyTemplate(input)).resolves.toEqual(reply);
    expect(seen[0]?.body).toEqual(input);
  });

  it('maps an unknown template to an ApiError with the server message', async () => {
    answer('post', '/v2/providers/local/protocols/templates/create', errorBody('Template not found.', 'not_found'), 404);
    const input = { protocol_template_id: 99, name: '', description: '', protocol_line_items: [] };
    await expect(copyTemplate(input)).rejects.toMatchObject({ status: 404, message: 'Template not found.' });
  });
});
