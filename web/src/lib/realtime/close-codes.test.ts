import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { CLIENT_CLOSE_CODES, CLOSE_CODES } from './close-codes';

const serverFile = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../realtime/close_codes.py');

describe('close codes', () => {
  it('are exactly the server’s, name for name', () => {
    const server: Record<string, number> = {};
    for (const [, name, code] of readFileSync(serverFile, 'utf8').matchAll(/^\s+([A-Z_]+) = (\d+)$/gm)) {
      if (name && code) server[name] = Number(code);
    }

    expect(CLOSE_CODES).toEqual(server);
  });

  it('keep the browser’s own codes apart from the server’s', () => {
    const serverCodes = new Set<number>(Object.values(CLOSE_CODES));

    expect(Object.values(CLIENT_CLOSE_CODES).filter((code) => serverCodes.has(code))).toEqual([]);
  });
});
