import type katexModule from 'katex';
import type { KatexOptions } from 'katex';

type Katex = typeof katexModule;

let loading: Promise<Katex> | null = null;

/**
 * KaTeX (about 75 KB gzipped, plus its stylesheet and fonts) is fetched the first time a formula is
 * shown or written, never with a page that has none.
 */
export function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(
    ([katex]) => katex.default,
    (error: unknown) => {
      // A failed chunk download may succeed next time (flaky network): do not keep the rejection.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The encoding KaTeX writes on the annotation that carries a formula's LaTeX source. */
export const TEX_ENCODING = 'application/x-tex';

/** The LaTeX source of an equation written in the editor; null for MathML from elsewhere (Word). */
export function texOf(math: Element): string | null {
  for (const annotation of Array.from(math.getElementsByTagName('annotation'))) {
    if (annotation.getAttribute('encoding') === TEX_ENCODING) return annotation.textContent;
  }
  return null;
}

const RENDER_OPTIONS: KatexOptions = {
  throwOnError: false,
  // \href, \url, \includegraphics and \html* stay off: a formula cannot link out or carry markup.
  trust: false,
  strict: 'ignore',
};

/**
 * An equation as stored: MathML, which the server's allowlist accepts, every browser draws without
 * script and the Word export converts, with its LaTeX source kept in a TeX annotation for editing.
 * Throws on invalid LaTeX, so the formula dialog can say so.
 */
export function texToMathml(katex: Katex, tex: string, display: boolean): string {
  const markup = katex.renderToString(tex, {
    ...RENDER_OPTIONS,
    throwOnError: true,
    output: 'mathml',
    displayMode: display,
  });
  const math = new DOMParser().parseFromString(markup, 'text/html').querySelector('math');
  if (!math) throw new Error('KaTeX returned no MathML');
  math.removeAttribute('xmlns');
  return math.outerHTML;
}

/** Draws one formula with KaTeX into `target` (HTML for the eye, MathML kept for screen readers). */
export function renderTex(katex: Katex, tex: string, display: boolean, target: HTMLElement): void {
  katex.render(tex, target, { ...RENDER_OPTIONS, displayMode: display, output: 'htmlAndMathml' });
}
