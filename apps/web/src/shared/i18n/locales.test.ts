import { LOCALES } from '@lectern/contracts/common/locale';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

// Every locale file in the app, including features added later; no list to keep up to date.
const files = import.meta.glob<Tree>('../../**/locales/*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const folders = new Map<string, Map<string, Tree>>();
for (const [path, tree] of Object.entries(files)) {
  // `<lang>.json`, or `<lang>.<part>.json` for a feature that splits its strings: each part is checked alone.
  const match = /^(.*\/locales)\/([^/.]+)(\.[\w-]+)?\.json$/.exec(path);
  if (!match) continue;
  const [, base = '', language = '', part = ''] = match;
  const folder = base + part;
  if (!folders.has(folder)) folders.set(folder, new Map());
  folders.get(folder)!.set(language, tree);
}

describe('locale files', () => {
  it('exist for the shared strings and at least one feature', () => {
    expect([...folders.keys()]).toContain('../locales');
    expect(folders.size).toBeGreaterThan(1);
  });

  for (const [folder, languages] of folders) {
    describe(folder, () => {
      it('has exactly one file per UI language', () => {
        expect([...languages.keys()].sort()).toEqual([...LOCALES].sort());
      });

      const reference = flatten(languages.get('zh-CN') ?? {});

      for (const locale of LOCALES) {
        const messages = flatten(languages.get(locale) ?? {});

        it(`${locale} has the same keys as zh-CN`, () => {
          expect([...messages.keys()].sort()).toEqual([...reference.keys()].sort());
        });

        it(`${locale} has only non-empty strings`, () => {
          const bad = [...messages].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
          expect(bad.map(([k]) => k)).toEqual([]);
        });

        it(`${locale} uses the same placeholders as zh-CN`, () => {
          const mismatched = [...messages]
            .filter(([key, value]) => {
              const expected = reference.get(key);
              if (typeof value !== 'string' || typeof expected !== 'string') return false;
              return placeholders(value).join() !== placeholders(expected).join();
            })
            .map(([key]) => key);
          expect(mismatched).toEqual([]);
        });
      }
    });
  }
});
