import { readFileSync } from 'node:fs';

import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';

import { LANGUAGES } from '../../lib/languages';
import { LOCALES_DIR } from '../../testing/locale-handlers';
import { ALL_BUILDER_KEYS, BUILDER_NAMESPACE } from './builder-messages';

type Tree = { [key: string]: string | Tree };

function builderFile(language: string): Tree {
  return JSON.parse(readFileSync(`${LOCALES_DIR}${language}/${BUILDER_NAMESPACE}.json`, 'utf8')) as Tree;
}

/** The text of `key` the way i18next reads it with its default '.' key separator. */
function textOf(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('builder messages', () => {
  it.each(LANGUAGES)('has a text for every key the builder produces in %s', async (language) => {
    const tree = builderFile(language);
    // The real library too: keys with spaces ('client already selected') must not be split or dropped.
    const i18n = createInstance();
    await i18n.init({ lng: language, resources: { [language]: { [BUILDER_NAMESPACE]: tree } }, defaultNS: BUILDER_NAMESPACE });
    for (const key of ALL_BUILDER_KEYS) {
      expect(i18n.exists(key), `${language}: ${key}`).toBe(true);
      expect(textOf(tree, key)?.trim(), `${language}: ${key}`).toBeTruthy();
    }
  });

  it('is really translated: no language repeats an English sentence', () => {
    const english = builderFile('en');
    for (const language of LANGUAGES.filter((code) => code !== 'en')) {
      const tree = builderFile(language);
      const same = ALL_BUILDER_KEYS.filter((key) => textOf(tree, key) === textOf(english, key));
      expect(same, language).toEqual([]);
    }
  });
});
