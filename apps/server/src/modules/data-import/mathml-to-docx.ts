import {
  Math as DocxMath,
  MathFraction,
  MathLimitLower,
  MathLimitUpper,
  MathRadical,
  MathRun,
  MathSubScript,
  MathSubSuperScript,
  MathSuperScript,
  type MathComponent,
  type MathRunStyle,
} from 'docx';
import {
  MathAccent,
  MathBrackets,
  MathLargeOperator,
  MathMatrix,
  type MathAccentName,
  type MathLargeOperatorName,
} from 'docx/math';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { findOne, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

/**
 * MathML (as stored question HTML and the Word import carry equations) → a Word equation (OMML), so an
 * exported paper shows real equations that Word edits and that import back as the same MathML.
 */

/**
 * docx/math's builders (brackets, matrices, accents, large operators) write OMML like the members of
 * `MathComponent` but are not in that union's type; every one of them is a valid child of an equation.
 */
function component(element: object): MathComponent {
  return element as MathComponent;
}

const LARGE_OPERATORS: Record<string, MathLargeOperatorName> = {
  '∑': 'sum',
  '∏': 'product',
  '∐': 'coproduct',
  '⋃': 'union',
  '⋂': 'intersection',
  '⨆': 'squareUnion',
  '⨄': 'multisetUnion',
  '⋁': 'logicalOr',
  '⋀': 'logicalAnd',
  '⨁': 'directSum',
  '⨂': 'tensorProduct',
  '⨀': 'circledDot',
  '∫': 'integral',
  '∬': 'doubleIntegral',
  '∭': 'tripleIntegral',
  '⨌': 'quadrupleIntegral',
  '∮': 'contourIntegral',
  '∯': 'surfaceIntegral',
  '∰': 'volumeIntegral',
};

const ACCENTS: Record<string, MathAccentName> = {
  '^': 'hat',
  ˆ: 'hat',
  '\u0302': 'hat',
  ˇ: 'check',
  '\u030C': 'check',
  '~': 'tilde',
  '˜': 'tilde',
  '\u0303': 'tilde',
  '´': 'acute',
  '\u0301': 'acute',
  '`': 'grave',
  '\u0300': 'grave',
  '˙': 'dot',
  '\u0307': 'dot',
  '¨': 'doubleDot',
  '\u0308': 'doubleDot',
  '\u20DB': 'tripleDot',
  '˘': 'breve',
  '\u0306': 'breve',
  '¯': 'bar',
  '‾': 'bar',
  '\u0305': 'bar',
  '˚': 'ring',
  '\u030A': 'ring',
  '→': 'rightArrow',
  '\u20D7': 'rightArrow',
  '←': 'leftArrow',
  '\u20D6': 'leftArrow',
  '↔': 'leftRightArrow',
  '\u20E1': 'leftRightArrow',
  '⇀': 'rightHarpoon',
  '\u20D1': 'rightHarpoon',
  '↼': 'leftHarpoon',
  '\u20D0': 'leftHarpoon',
};

const FENCES: Record<string, string> = {
  '(': ')',
  '[': ']',
  '{': '}',
  '⟨': '⟩',
  '〈': '〉',
  '|': '|',
  '‖': '‖',
  '⌈': '⌉',
  '⌊': '⌋',
};

/** Elements that show nothing: annotations, invisible phantoms, alignment marks, script separators. */
const INVISIBLE = new Set([
  'annotation',
  'annotation-xml',
  'mphantom',
  'none',
  'mprescripts',
  'maligngroup',
  'malignmark',
  'mspace',
]);

function children(el: Element): Element[] {
  return el.children.filter(isTag);
}

function text(node: AnyNode): string {
  return textContent(node).replace(/\s+/g, ' ').trim();
}

/** The operator an element is, when it is a single `<mo>` (possibly wrapped in an mrow). */
function operatorOf(node: Element | undefined): string | null {
  if (!node) return null;
  if (node.name === 'mo') return text(node);
  const inner = children(node);
  return node.name === 'mrow' && inner.length === 1 ? operatorOf(inner[0]) : null;
}

function largeOperatorOf(node: Element | undefined): MathLargeOperatorName | null {
  const op = operatorOf(node);
  return op === null ? null : (LARGE_OPERATORS[op] ?? null);
}

function runStyle(variant: string | undefined, value: string): MathRunStyle | undefined {
  switch (variant) {
    case 'normal':
      return 'plain';
    case 'bold':
      return 'bold';
    case 'italic':
      return 'italic';
    case 'bold-italic':
      return 'boldItalic';
    default:
      // MathML draws a multi-letter identifier (sin, log) upright; Word would italicise it.
      return [...value].length > 1 ? 'plain' : undefined;
  }
}

class MathConverter {
  equation(math: Element): MathComponent[] {
    return this.one(math);
  }

  /** A sequence of siblings; a large operator takes the element after it as what it applies to. */
  private sequence(nodes: readonly AnyNode[]): MathComponent[] {
    const elements = nodes.filter(isTag);
    const out: MathComponent[] = [];
    for (let i = 0; i < elements.length; i += 1) {
      const el = elements[i] as Element;
      const operator = this.scriptedLargeOperator(el);
      if (operator) {
        const operand = elements[i + 1];
        if (operand) i += 1;
        out.push(operator(operand ? this.one(operand) : []));
      } else {
        out.push(...this.one(el));
      }
    }
    return out;
  }

  private one(el: Element): MathComponent[] {
    const parts = children(el);
    const [first, second, third] = parts;
    switch (el.name) {
      case 'mi': {
        const value = text(el);
        if (value === '') return [];
        const style = runStyle(el.attribs.mathvariant, value);
        return [new MathRun(style ? { text: value, style } : value)];
      }
      case 'mn':
      case 'mo': {
        const value = text(el);
        return value === '' ? [] : [new MathRun(value)];
      }
      case 'mtext':
      case 'ms': {
        const value = el.name === 'ms' ? `"${textContent(el)}"` : textContent(el);
        return value.trim() === '' ? [] : [new MathRun({ text: value, normalText: true })];
      }
      case 'math':
      case 'mrow':
      case 'mstyle':
      case 'mpadded':
      case 'menclose':
      case 'merror':
        return this.row(parts);
      case 'semantics':
        return first ? this.one(first) : [];
      case 'mfrac': {
        const thickness = el.attribs.linethickness;
        const noBar = thickness !== undefined && /^0(\.0*)?([a-z]+|%)?$/i.test(thickness.trim());
        const skewed = el.attribs.bevelled === 'true';
        return [
          new MathFraction({
            numerator: this.of(first),
            denominator: this.of(second),
            ...(noBar ? { type: 'noBar' as const } : skewed ? { type: 'skewed' as const } : {}),
          }),
        ];
      }
      case 'msqrt':
        return [new MathRadical({ children: this.row(parts) })];
      case 'mroot':
        return [new MathRadical({ children: this.of(first), degree: this.of(second) })];
      case 'msup':
        return [new MathSuperScript({ children: this.of(first), superScript: this.of(second) })];
      case 'msub':
        return [new MathSubScript({ children: this.of(first), subScript: this.of(second) })];
      case 'msubsup':
        return [
          new MathSubSuperScript({
            children: this.of(first),
            subScript: this.of(second),
            superScript: this.of(third),
          }),
        ];
      case 'mover':
        return [this.over(el, first, second)];
      case 'munder':
        return [new MathLimitLower({ children: this.of(first), limit: this.of(second) })];
      case 'munderover':
        return [
          new MathLimitUpper({
            children: [new MathLimitLower({ children: this.of(first), limit: this.of(second) })],
            limit: this.of(third),
          }),
        ];
      case 'mfenced':
        return [this.fenced(el, parts)];
      case 'mtable':
        return [this.table(parts)];
      default:
        if (INVISIBLE.has(el.name)) return [];
        // Anything else (mmultiscripts, maction, a misspelt tag) keeps its text rather than vanishing.
        return text(el) === '' ? [] : [new MathRun(text(el))];
    }
  }

  private of(el: Element | undefined): MathComponent[] {
    return el ? this.one(el) : [];
  }

  /** An mrow wrapped in matching fences becomes stretchy Word brackets. */
  private row(parts: Element[]): MathComponent[] {
    const open = operatorOf(parts[0]);
    const close = operatorOf(parts[parts.length - 1]);
    if (parts.length >= 2 && open !== null && close !== null && FENCES[open] === close) {
      return [component(new MathBrackets({ open, close, children: this.sequence(parts.slice(1, -1)) }))];
    }
    return this.sequence(parts);
  }

  private over(el: Element, base: Element | undefined, over: Element | undefined): MathComponent {
    const accent = ACCENTS[operatorOf(over) ?? ''];
    if (accent && el.attribs.accent !== 'false') {
      return component(new MathAccent({ accent, children: this.of(base) }));
    }
    return new MathLimitUpper({ children: this.of(base), limit: this.of(over) });
  }

  private fenced(el: Element, parts: Element[]): MathComponent {
    const open = el.attribs.open ?? '(';
    const close = el.attribs.close ?? ')';
    const separator = (el.attribs.separators ?? ',').trim().charAt(0) || ',';
    return component(
      new MathBrackets({ open, close, separator, items: parts.map((part) => this.one(part)) }),
    );
  }

  private table(rows: Element[]): MathComponent {
    const cells = rows
      .filter((row) => row.name === 'mtr' || row.name === 'mlabeledtr')
      .map((row) =>
        children(row).map((cell) => (cell.name === 'mtd' ? this.row(children(cell)) : this.one(cell))),
      );
    return component(new MathMatrix({ rows: cells.length > 0 ? cells : [[[]]] }));
  }

  /**
   * ∑, ∏, ∫ … with limits (as scripts or under/over): a Word n-ary operator, which needs the expression it
   * applies to, so it is built once the following sibling is known.
   */
  private scriptedLargeOperator(el: Element): ((operand: MathComponent[]) => MathComponent) | null {
    const parts = children(el);
    const [base, lower, upper] = parts;
    const scripted: Record<string, { sub?: Element; sup?: Element; limits: 'side' | 'aboveBelow' }> = {
      msub: { sub: lower, limits: 'side' },
      msup: { sup: lower, limits: 'side' },
      msubsup: { sub: lower, sup: upper, limits: 'side' },
      munder: { sub: lower, limits: 'aboveBelow' },
      mover: { sup: lower, limits: 'aboveBelow' },
      munderover: { sub: lower, sup: upper, limits: 'aboveBelow' },
    };
    const shape = scripted[el.name];
    const operator = shape ? largeOperatorOf(base) : el.name === 'mo' ? largeOperatorOf(el) : null;
    if (!operator) return null;
    return (operand) =>
      component(
        new MathLargeOperator({
          operator,
          children: operand,
          ...(shape?.sub ? { subScript: this.one(shape.sub) } : {}),
          ...(shape?.sup ? { superScript: this.one(shape.sup) } : {}),
          ...(shape ? { limits: shape.limits } : {}),
        }),
      );
  }
}

/** One `<math>` element → a Word equation. */
export function mathElementToDocx(math: Element): DocxMath {
  return new DocxMath({ children: new MathConverter().equation(math) });
}

/** MathML source → a Word equation, or null when it holds no `<math>` element. */
export function mathmlToDocx(source: string): DocxMath | null {
  const found = findOne((el) => el.name === 'math', parseDocument(source).children);
  return found ? mathElementToDocx(found) : null;
}
