// Bundles the server into dist/ so production runs plain `node dist/main.js` with no TypeScript loader,
// then generates the question import templates into dist/static/data_import_templates.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));

// Workspace packages ship TypeScript source, which node cannot load from node_modules, so they must be
// inlined; every registry package stays external so native addons (argon2) and WASM assets (PGlite)
// load from node_modules exactly as in development.
const isWorkspace = (name) => name.startsWith('@lectern/');
const runtimeDeps = Object.keys(pkg.dependencies ?? {}).filter((name) => !isWorkspace(name));
const builtins = new Set(builtinModules);

/** The package name of a bare specifier: `drizzle-orm/pglite` -> `drizzle-orm`, `@scope/a/b` -> `@scope/a`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Marks declared dependencies external and fails on undeclared ones: without this check esbuild would
 * quietly inline a hoisted transitive package and the build would work here but not in a clean install.
 */
const externalsPlugin = {
  name: 'lectern-externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path))
        return { path: args.path, external: true };
      const name = packageName(args.path);
      if (isWorkspace(name)) return undefined;
      if (runtimeDeps.includes(name)) return { path: args.path, external: true };
      return {
        errors: [
          {
            text: `"${args.path}" is imported by ${path.relative(serverDir, args.importer)} but "${name}" is not in apps/server/package.json dependencies`,
          },
        ],
      };
    });
  },
};

const outdir = path.join(serverDir, 'dist');
rmSync(outdir, { recursive: true, force: true });

let result;
try {
  result = await esbuild.build({
    absWorkingDir: serverDir,
    entryPoints: {
      main: 'src/main.ts',
      seed: 'src/seed.ts',
      backup: 'src/scripts/backup.main.ts',
      restore: 'src/scripts/restore.main.ts',
      'generate-templates': 'src/modules/data-import/generate-templates.main.ts',
      // Worker threads load their own script, found beside main.js (platform/jobs/cpu-pool.ts).
      'duplicate-fingerprint.worker': 'src/modules/homework/duplicate-fingerprint.worker.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    // The entry points share most code; without splitting each carries its own copy, which is simpler to ship.
    splitting: false,
    plugins: [externalsPlugin],
    // Some bundled code (CJS interop inside dependencies' ESM wrappers) still calls require().
    banner: {
      js: "import { createRequire as __lecternCreateRequire } from 'node:module';\nconst require = __lecternCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
    metafile: true,
  });
} catch {
  // esbuild has already printed each error with its source location; its stack trace would only bury them.
  process.exit(1);
}

for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.map')) continue;
  console.log(`  ${file}  ${(output.bytes / 1024).toFixed(0)} KiB`);
}

// The templates come from the same writers as a teacher's export, run from the bundle just built, so
// what ships is exactly what that code produces; the server serves them from beside main.js.
try {
  execFileSync(
    process.execPath,
    [path.join(outdir, 'generate-templates.js'), path.join(outdir, 'static', 'data_import_templates')],
    { cwd: serverDir, stdio: 'inherit' },
  );
} catch {
  // The generator has already printed its error.
  process.exit(1);
}
