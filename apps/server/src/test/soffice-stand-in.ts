import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** The LibreOffice found on PATH, if this machine has one: tests of real conversions run only then. */
export function installedSoffice(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v soffice'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * Whether the installed LibreOffice can open presentations. Debian splits it into modules
 * (libreoffice-writer-nogui alone opens no .pptx), and Impress is the library beside the program.
 */
export function sofficeOpensPresentations(): boolean {
  const soffice = installedSoffice();
  if (!soffice) return false;
  try {
    return existsSync(path.join(path.dirname(realpathSync(soffice)), 'libsdlo.so'));
  } catch {
    return false;
  }
}

/**
 * Has the real LibreOffice open `input` and save it as a Word document in `outDir` (with a throwaway
 * profile there, so runs never share state); returns the written file's path.
 */
export function sofficeSaveAsDocx(soffice: string, input: string, outDir: string): string {
  execFileSync(
    soffice,
    [
      `-env:UserInstallation=file://${path.join(outDir, 'profile')}`,
      '--headless',
      '--convert-to',
      'docx:MS Word 2007 XML',
      '--outdir',
      outDir,
      input,
    ],
    { stdio: 'ignore', timeout: 110_000 },
  );
  return path.join(outDir, `${path.parse(input).name}.docx`);
}

export type StandIn = {
  /** The executable to configure as SOFFICE_PATH. */
  command: string;
  /** How many times it was started. */
  runs(): number;
  /** Whether two runs ever overlapped in time. */
  overlapped(): boolean;
  remove(): void;
};

/**
 * A stand-in for `soffice` where a test must control what LibreOffice cannot be made to do on demand:
 * take long, fail, or reveal how often and how concurrently it was started. It takes the same
 * arguments, records each run, waits `delaySeconds`, then copies `pdf` to `<outdir>/<input name>.pdf`
 * (or, without `pdf`, exits 0 having written nothing, as LibreOffice does when it cannot load a file).
 */
export function sofficeStandIn(options: { delaySeconds?: number; pdf?: Buffer } = {}): StandIn {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-soffice-stand-in-'));
  const command = path.join(dir, 'soffice');
  const log = path.join(dir, 'runs.log');
  const lock = path.join(dir, 'running');
  const source = path.join(dir, 'result.pdf');
  if (options.pdf) writeFileSync(source, options.pdf);
  writeFileSync(
    command,
    [
      '#!/bin/sh',
      'outdir=""; input=""; previous=""',
      'for arg in "$@"; do',
      '  if [ "$previous" = "--outdir" ]; then outdir="$arg"; fi',
      '  previous="$arg"; input="$arg"',
      'done',
      `if mkdir "${lock}" 2>/dev/null; then echo run >> "${log}"; else echo overlap >> "${log}"; fi`,
      `sleep ${options.delaySeconds ?? 0}`,
      `rmdir "${lock}" 2>/dev/null`,
      'name=$(basename "$input"); name="${name%.*}"',
      options.pdf ? `cp "${source}" "$outdir/$name.pdf"` : 'true',
      'exit 0',
      '',
    ].join('\n'),
  );
  chmodSync(command, 0o755);
  const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
  return {
    command,
    runs: () => lines().length,
    overlapped: () => lines().includes('overlap'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
