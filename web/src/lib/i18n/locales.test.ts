import { readdirSync, readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { LOCALES_DIR } from '../../testing/locale-handlers';
import { LANGUAGES } from '../languages';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [nested, nestedValue] of flatten(value, path)) entries.set(nested, nestedValue);
    } else {
      entries.set(path, value);
    }
  }
  return entries;
}

function read(language: string, file: string): Map<string, unknown> {
  return flatten(JSON.parse(readFileSync(`${LOCALES_DIR}${language}/${file}`, 'utf8')) as Tree);
}

const namespaces = readdirSync(`${LOCALES_DIR}en`).filter((file) => file.endsWith('.json'));

describe('locale files', () => {
  it('exist for exactly the 12 languages', () => {
    const folders = readdirSync(LOCALES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual([...LANGUAGES].sort());
    expect(namespaces).toContain('common.json');
  });

  describe.each(LANGUAGES)('%s', (language) => {
    it('has the same namespaces as en', () => {
      const files = readdirSync(`${LOCALES_DIR}${language}`).filter((file) => file.endsWith('.json'));
      expect(files.sort()).toEqual([...namespaces].sort());
    });

    it.each(namespaces)('%s has exactly the keys of en, each a non-empty string', (file) => {
      const english = read('en', file);
      const translated = read(language, file);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, value] of translated) {
        expect(typeof value, key).toBe('string');
        expect(String(value).trim(), key).not.toBe('');
      }
    });
  });

  it('are really translated: no language repeats the English sentences', () => {
    const english = read('en', 'common.json');
    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      const translated = read(language, 'common.json');
      const same = [...english].filter(([key, value]) => key !== 'shop.name' && translated.get(key) === value);
      expect(same, language).toEqual([]);
    }
  });
});
