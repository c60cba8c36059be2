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

/** i18next's plural suffixes: `low_one`, `low_few`, `low_other`, ... (CLDR's six categories). */
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const PLURAL_KEY = new RegExp(`^(.+)_(${PLURAL_FORMS.join('|')})$`);

/**
 * A file's keys, with a plural key counted once by its base (`stock.low`), and the forms each plural key
 * has. Languages have different plural forms (Romanian adds `few`, Japanese has only `other`), so they are
 * compared apart from the rest.
 */
function keysOf(entries: Map<string, unknown>): { keys: string[]; plurals: Map<string, Set<string>> } {
  const keys = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of entries.keys()) {
    const match = PLURAL_KEY.exec(key);
    const base = match?.[1];
    const form = match?.[2];
    if (base && form) {
      keys.add(`${base}_*`);
      plurals.set(base, (plurals.get(base) ?? new Set()).add(form));
    } else {
      keys.add(key);
    }
  }
  return { keys: [...keys].sort(), plurals };
}

/** The plural forms i18next asks for in a language (it reads them from Intl.PluralRules, `zh_tw` as `zh-tw`). */
function pluralFormsOf(language: string): string[] {
  return new Intl.PluralRules(language.replace('_', '-')).resolvedOptions().pluralCategories;
}

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
      const english = keysOf(read('en', file));
      const entries = read(language, file);
      const translated = keysOf(entries);
      expect(translated.keys).toEqual(english.keys);
      // A plural key has every form the language's plural rules use (and no form outside CLDR's six).
      for (const [base, forms] of translated.plurals) {
        expect([...forms].sort(), base).toEqual(expect.arrayContaining(pluralFormsOf(language)));
      }
      for (const [key, value] of entries) {
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
