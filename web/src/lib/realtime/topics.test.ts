import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { isTopic, TOPICS } from './topics';

const serverFile = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../server/events/topics.py');

describe('topics', () => {
  it('are exactly the server’s Topic enum, name for name', () => {
    const source = readFileSync(serverFile, 'utf8');
    const enumBody = source.slice(source.indexOf('class Topic(StrEnum):'), source.indexOf('\n\n\n', source.indexOf('class Topic(StrEnum):')));
    const server: Record<string, string> = {};
    for (const [, name, value] of enumBody.matchAll(/^\s+([A-Z_]+) = "([a-z_.]+)"$/gm)) {
      if (name && value) server[name] = value;
    }

    expect(TOPICS).toEqual(server);
  });

  it('tells a known topic from one this app does not know', () => {
    expect(isTopic('cart.updated')).toBe(true);
    expect(isTopic('order.paid')).toBe(false);
  });
});
