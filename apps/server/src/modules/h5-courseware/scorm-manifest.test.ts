import { describe, expect, it } from 'vitest';
import { zipStored } from '../../test/uploads-fixtures.ts';
import { safeEntryPath, unpackH5Package } from './h5-package.ts';
import { SCORM_12_MANIFEST, SCORM_2004_MANIFEST } from './h5-package.fixture.ts';
import { parseScormManifest } from './scorm-manifest.ts';

describe('SCORM manifests', () => {
  it('launches the first item of a 1.2 manifest', () => {
    expect(parseScormManifest(SCORM_12_MANIFEST)).toEqual({ kind: 'scorm_12', href: 'lesson/sco.html' });
  });

  it('follows the default organisation, nested items, xml:base and parameters in 2004', () => {
    expect(parseScormManifest(SCORM_2004_MANIFEST)).toEqual({
      kind: 'scorm_2004',
      href: 'content/start.html?page=1',
    });
  });

  it('refuses a manifest that is not XML or launches nothing (400)', () => {
    expect(() => parseScormManifest('<manifest><resources/></manifest>')).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
    expect(() => parseScormManifest('not xml at all')).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });

  it('resolves the launch page relative to a manifest in a folder', async () => {
    const zip = zipStored([
      { name: 'pkg/imsmanifest.xml', data: SCORM_2004_MANIFEST },
      { name: 'pkg/content/start.html', data: '<p>start</p>' },
    ]);
    const unpacked = await unpackH5Package(zip);
    expect(unpacked).toMatchObject({ kind: 'scorm_2004', entry: 'pkg/content/start.html?page=1' });
  });

  it('refuses a manifest whose launch page is not in the package', async () => {
    const zip = zipStored([{ name: 'imsmanifest.xml', data: SCORM_12_MANIFEST }]);
    await expect(unpackH5Package(zip)).rejects.toMatchObject({ code: 'validation_failed' });
  });
});

describe('entry names', () => {
  it('keeps ordinary paths and skips folders and macOS litter', () => {
    expect(safeEntryPath('a/b/./c.html')).toBe('a/b/c.html');
    expect(safeEntryPath('a/')).toBeNull();
    expect(safeEntryPath('__MACOSX/._index.html')).toBeNull();
  });

  it.each(['../x', '/x', 'a/../../x', 'C:x', 'a\\b', 'a\0b'])('refuses %j', (name) => {
    expect(() => safeEntryPath(name)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });
});
