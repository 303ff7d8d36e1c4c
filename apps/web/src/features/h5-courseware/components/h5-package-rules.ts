/** The zip size the server unpacks (H5_ZIP_MAX_BYTES there): refused here before a byte is sent. */
export const H5_PACKAGE_MAX_MB = 256;

export type PackageFileProblem = 'notZip' | 'tooLarge';

/** Why a chosen file cannot be a package, or null. The server checks again, from the bytes. */
export function checkPackageFile(file: { name: string; size: number }): PackageFileProblem | null {
  if (!/\.zip$/i.test(file.name)) return 'notZip';
  if (file.size > H5_PACKAGE_MAX_MB * 1024 * 1024) return 'tooLarge';
  return null;
}
