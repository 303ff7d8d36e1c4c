import { useEffect, type RefObject } from 'react';
import { loadKatex, renderTex, TEX_ENCODING, texOf } from './katex-loader.ts';

/**
 * Draws with KaTeX the formulas written in the editor inside stored HTML that `ref` shows. Every browser
 * already shows the stored MathML; KaTeX, fetched only when the markup has such a formula, gives the same
 * drawing everywhere. MathML without LaTeX (imported from Word) stays as the browser draws it.
 */
export function useRenderedMath(ref: RefObject<HTMLElement | null>, html: string): void {
  useEffect(() => {
    if (!html.includes(TEX_ENCODING)) return;
    let cancelled = false;
    void loadKatex().then(
      (katex) => {
        const root = ref.current;
        if (cancelled || !root) return;
        for (const math of Array.from(root.querySelectorAll('math'))) {
          const tex = texOf(math);
          if (tex === null) continue;
          const box = document.createElement('span');
          box.className = 'rendered-math';
          renderTex(katex, tex, math.getAttribute('display') === 'block', box);
          math.replaceWith(box);
        }
      },
      // Without KaTeX the browser's own MathML drawing stays: nothing is lost.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [ref, html]);
}
