import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = 'http://localhost:3000';

/**
 * A locale file, `<feature>/locales/<lang>.json` or `shared/locales/<lang>.json`, or one of its parts,
 * `locales/<lang>.<part>.json`.
 */
const LOCALE_FILE = /[\\/]([\w-]+)[\\/]locales[\\/](zh-CN|zh-TW|en-US)(?:\.[\w-]+)?\.json$/;

/**
 * antd's runtime that every screen needs: theming, CSS-in-JS, locale, and the App context behind
 * message/modal/notification. Its components are left out on purpose: they are tree-shaken per page,
 * so Table or Upload only download with the lazy pages that use them. So are the icons' SVG data: an
 * icon comes with the page that draws it (pinned here, every icon of every page was in the first load).
 * Of the locales only antd's English, ConfigProvider's default: the Chinese texts (with their pickers'
 * and pagination's) are fetched with their language (shared/i18n/antd-locale.ts), not pinned for all.
 */
const ANTD_CORE =
  /[\\/]node_modules[\\/](?:antd[\\/]es[\\/](?:_util|config-provider|theme|style|locale(?![\\/]zh_)|app|message|notification|modal|button|locale-provider|version)|@ant-design[\\/](?:cssinjs|cssinjs-utils|colors|fast-color|icons[\\/]es[\\/](?:components|utils))|@rc-component[\\/](?:util|motion|portal|resize-observer|context)|@emotion|stylis|rc-util)[\\/]/;

/**
 * Only libraries every page needs are pinned to named chunks, so they stay cached across releases; of
 * react and the vendor libraries only what the entry reaches by static imports (`$initial`). Anything
 * else stays with the lazy route that imports it (or a chunk shared by those routes), so a heavy library
 * used by some pages never lands in the first download. (antd's modules all count as initial, through
 * its index module, hence the list above.)
 */
const chunkGroups = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/,
    tags: ['$initial' as const],
  },
  { name: 'antd', test: ANTD_CORE },
  {
    name: 'vendor',
    test: /[\\/]node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements|dayjs|zod)[\\/]/,
    tags: ['$initial' as const],
  },
  {
    // One chunk per namespace (a feature, or shared) and language: shared/i18n fetches the namespaces a
    // page uses, in the language in use; a feature's part files come together.
    name: (id: string) => {
      const match = LOCALE_FILE.exec(id);
      return match ? `locale-${match[2]}-${match[1]}` : null;
    },
    test: LOCALE_FILE,
  },
];

/**
 * Two imports inside antd that put far more than they use into the pinned chunk, and with it onto every
 * page (decision 0014), pointed at what they use:
 * - antd's form context (which ConfigProvider and every pinned component reach) imports rc-form's
 *   FormProvider from the package's index; the index has no side-effect-free flag and assigns to the
 *   Form it builds, so Field, List, useForm and the async validator (about 8 KB gzipped) came along.
 *   FormProvider is imported from the module that defines it; the rest of rc-form stays with Form.
 * - Button's and Tag's style tokens import `isBright` from the colour picker's presets panel, whose
 *   module also imports Collapse (rc-collapse and its styles, about 3 KB). `isBright` is served from a
 *   module of its own, cut from the presets module's source so it stays antd's code.
 * Each rewrite fails the build if antd changed the code it expects, rather than quietly growing the
 * first load again.
 */
const ANTD_FORM_CONTEXT = /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;
const RC_FORM_INDEX_IMPORT = "from '@rc-component/form';";
const ANTD_IS_BRIGHT_IMPORT = "import { isBright } from '../../color-picker/components/ColorPresets';";
const IS_BRIGHT_ID = '\0lectern-antd-is-bright';
function antdCoreImports(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: 'lectern-antd-core-imports',
    resolveId(id) {
      return id === IS_BRIGHT_ID ? id : null;
    },
    load(id) {
      if (id !== IS_BRIGHT_ID) return null;
      const presetsFile = path.join(
        path.dirname(require.resolve('antd/package.json')),
        'es/color-picker/components/ColorPresets.js',
      );
      const source = readFileSync(presetsFile, 'utf8');
      const isBright = /^export const isBright = [\s\S]*?^};$/m.exec(source)?.[0];
      if (!isBright || !source.includes('Color as RcColor')) {
        this.error(`${presetsFile} no longer defines isBright as expected (update antdCoreImports)`);
      }
      return `import { Color as RcColor } from '@rc-component/color-picker';\n${isBright}\n`;
    },
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]antd[\\/]es[\\/]/.test(id)) return null;
      if (ANTD_FORM_CONTEXT.test(id)) {
        if (!code.includes(RC_FORM_INDEX_IMPORT)) {
          this.error(`${id} no longer imports ${RC_FORM_INDEX_IMPORT} (update antdCoreImports)`);
        }
        return code.replace(RC_FORM_INDEX_IMPORT, "from '@rc-component/form/es/FormContext';");
      }
      if (code.includes(ANTD_IS_BRIGHT_IMPORT)) {
        return code.replace(ANTD_IS_BRIGHT_IMPORT, `import { isBright } from '${IS_BRIGHT_ID}';`);
      }
      return null;
    },
  };
}

/** The API server answers /browser-warning in production; the dev server needs the same address. */
function browserWarningRoute(): Plugin {
  return {
    name: 'lectern-browser-warning',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/browser-warning' || req.url?.startsWith('/browser-warning?')) {
          req.url = '/browser-warning.html';
        }
        next();
      });
    },
  };
}

/**
 * pdf.js fetches character maps (CJK text in PDFs whose fonts are not embedded), the standard fonts and
 * its image decoders at run time. They are served from /pdfjs/ as the package ships them: copied into the
 * build, and straight from node_modules by the dev server.
 */
const PDFJS_ASSET_DIRS = ['cmaps', 'standard_fonts', 'wasm'];
function pdfjsAssets(): Plugin {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  return {
    name: 'lectern-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use('/pdfjs', (req, res, next) => {
        const relative = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+/, '');
        const [dir] = relative.split('/');
        const file = path.join(root, relative);
        if (
          !dir ||
          !PDFJS_ASSET_DIRS.includes(dir) ||
          !file.startsWith(root) ||
          !statSync(file, { throwIfNoEntry: false })?.isFile()
        ) {
          next();
          return;
        }
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const dir of PDFJS_ASSET_DIRS) {
        for (const name of readdirSync(path.join(root, dir))) {
          this.emitFile({
            type: 'asset',
            fileName: `pdfjs/${dir}/${name}`,
            source: readFileSync(path.join(root, dir, name)),
          });
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), antdCoreImports(), browserWarningRoute(), pdfjsAssets()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/static': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph `npm run bench` (first-load) reads to size each route.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
