import { describe, expect, it } from 'vitest';
import { checkPackageFile } from './h5-package-rules.ts';

describe('choosing a package file', () => {
  it('takes a zip up to the size limit', () => {
    expect(checkPackageFile({ name: 'Course.ZIP', size: 1024 })).toBeNull();
    expect(checkPackageFile({ name: 'course.rar', size: 1024 })).toBe('notZip');
    expect(checkPackageFile({ name: 'course.zip', size: 257 * 1024 * 1024 })).toBe('tooLarge');
  });
});
