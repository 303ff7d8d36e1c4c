import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type ConversionFailure = 'unavailable' | 'failed' | 'timeout';

/** Why a conversion produced no PDF: LibreOffice is missing, refused the file, or ran out of time. */
export class OfficeConversionError extends Error {
  readonly reason: ConversionFailure;

  constructor(reason: ConversionFailure, detail: string) {
    super(`office conversion ${reason}: ${detail}`);
    this.name = 'OfficeConversionError';
    this.reason = reason;
  }
}

export type OfficeConverter = {
  /** The resolved LibreOffice executable, or null when it is not installed. Looked up once. */
  executable(): Promise<string | null>;
  /**
   * Renders the Office file at `inputPath` to a PDF in `outDir` and returns the PDF's path. Conversions
   * wait their turn: at most one LibreOffice runs at a time in this process.
   */
  convertToPdf(inputPath: string, outDir: string): Promise<string>;
};

/**
 * One queue for the whole process. LibreOffice is heavy (hundreds of MB, a CPU core each) and one user
 * profile cannot be used by two instances at once, so conversions run strictly one after another.
 */
let queueTail: Promise<unknown> = Promise.resolve();

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queueTail.then(task, task);
  queueTail = run.catch(() => undefined);
  return run;
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** A command name is looked up on PATH, as a shell would; anything with a slash is taken as a path. */
async function resolveExecutable(command: string): Promise<string | null> {
  if (command.includes('/') || command.includes(path.sep)) {
    const full = path.resolve(command);
    return (await isExecutableFile(full)) ? full : null;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/** Kills LibreOffice and whatever it started (its launcher forks the real office process). */
function killTree(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export function officeConverter(options: { command: string; timeoutMs: number }): OfficeConverter {
  let resolved: Promise<string | null> | undefined;
  const executable = () => (resolved ??= resolveExecutable(options.command));
  // A profile of our own: never the desktop user's, and created once per process, not per conversion.
  const profileDir = path.join(tmpdir(), `lectern-soffice-${process.pid}`);

  async function run(binary: string, inputPath: string, outDir: string): Promise<string> {
    await mkdir(outDir, { recursive: true });
    const args = [
      `-env:UserInstallation=${pathToFileURL(profileDir).href}`,
      '--headless',
      '--invisible',
      '--nodefault',
      '--nolockcheck',
      '--nologo',
      '--norestore',
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      inputPath,
    ];
    const output = path.join(outDir, `${path.parse(inputPath).name}.pdf`);
    await new Promise<void>((resolve, reject) => {
      // Its own process group, so a timeout can take down the forked office process too.
      const child = spawn(binary, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        if (stderr.length < 4000) stderr += chunk;
      });
      const timer = setTimeout(() => {
        killTree(child.pid);
        reject(new OfficeConversionError('timeout', `no result after ${options.timeoutMs} ms`));
      }, options.timeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new OfficeConversionError('failed', error.message));
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new OfficeConversionError('failed', `exit ${code ?? signal}: ${stderr.trim()}`));
      });
    });
    // LibreOffice exits 0 even when it could not load the file; the missing PDF is the only sign.
    if (!(await isNonEmptyFile(output))) {
      throw new OfficeConversionError('failed', `no PDF produced for ${path.basename(inputPath)}`);
    }
    return output;
  }

  return {
    executable,
    async convertToPdf(inputPath, outDir) {
      const binary = await executable();
      if (!binary) throw new OfficeConversionError('unavailable', `${options.command} not found`);
      return enqueue(() => run(binary, inputPath, outDir));
    },
  };
}

async function isNonEmptyFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}
