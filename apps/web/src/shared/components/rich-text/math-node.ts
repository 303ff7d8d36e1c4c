import { Node } from '@tiptap/core';
import { loadKatex, renderTex, texOf } from './katex-loader.ts';

export interface MathNodeOptions {
  /** Opens the formula dialog on an equation (double click or Enter); `pos` is where the node sits. */
  onEdit: (pos: number, tex: string | null, display: boolean) => void;
}

/** A detached copy of stored MathML, built fresh each call: ProseMirror appends what it is given. */
function mathElement(mathml: string): Element {
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${mathml}`, 'text/html');
  const math = parsed.body.querySelector('math');
  return math ? document.importNode(math, true) : document.createElement('span');
}

/**
 * One equation, kept whole as MathML: typed as LaTeX in the editor (its source rides along in a TeX
 * annotation) or imported from Word (MathML with no source, shown and kept as it is).
 */
export const MathNode = Node.create<MathNodeOptions>({
  name: 'math',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,

  addOptions() {
    return { onEdit: () => undefined };
  },

  addAttributes() {
    return {
      mathml: { default: '', parseHTML: (element) => element.outerHTML, rendered: false },
      tex: { default: null, parseHTML: (element) => texOf(element), rendered: false },
      display: {
        default: false,
        parseHTML: (element) => element.getAttribute('display') === 'block',
        rendered: false,
      },
    };
  },

  parseHTML() {
    return [{ tag: 'math' }];
  },

  renderHTML({ node }) {
    return mathElement(String(node.attrs.mathml));
  },

  addNodeView() {
    return ({ node, getPos }) => {
      const dom = document.createElement('span');
      dom.className = 'rich-text-math';
      dom.contentEditable = 'false';
      const tex = node.attrs.tex as string | null;
      const display = Boolean(node.attrs.display);
      dom.appendChild(mathElement(String(node.attrs.mathml)));
      if (tex !== null) {
        // Native MathML shows at once; KaTeX's drawing replaces it when loaded, as on the reading side.
        void loadKatex().then(
          (katex) => {
            dom.replaceChildren();
            renderTex(katex, tex, display, dom);
          },
          () => undefined,
        );
      }
      dom.addEventListener('dblclick', () => {
        const pos = getPos();
        if (typeof pos === 'number') this.options.onEdit(pos, tex, display);
      });
      return { dom };
    };
  },
});
