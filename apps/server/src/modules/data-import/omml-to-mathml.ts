import { parseDocument } from 'htmlparser2';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { escapeText } from './question-lines.ts';

/**
 * Word equations (Office Math Markup, `m:oMath` / `m:oMathPara`) as presentation MathML, the form the
 * question editor and the browsers render. Every OMML construct Word's equation gallery produces is
 * mapped; anything else keeps its content (its runs and arguments), so no part of an equation is lost.
 */
export function ommlToMathml(omml: string): string {
  const root = parseDocument(omml, { xmlMode: true }).children.find(isTag);
  if (!root) return '';
  const colon = root.name.indexOf(':');
  const context: Context = {
    prefix: colon === -1 ? '' : root.name.slice(0, colon + 1),
    functionName: false,
    equationArray: false,
  };
  const name = localName(root, context);
  if (name === 'oMathPara') {
    return childElements(root, context, 'oMath')
      .map((math) => `<math display="block">${convert(math, context).join('')}</math>`)
      .join('');
  }
  return `<math>${convert(root, context).join('')}</math>`;
}

type Context = {
  /** The math namespace prefix with its colon (`m:`), as the document declared it. */
  prefix: string;
  /** Inside a function name: letters form one identifier (`sin`), not a product of variables. */
  functionName: boolean;
  /** Inside an equation array: `&` marks an alignment point, not text. */
  equationArray: boolean;
};

/** MathML for one node list; a list of several becomes one `mrow` where a single child is required. */
type Nodes = string[];

function localName(element: Element, context: Context): string | null {
  return element.name.startsWith(context.prefix) ? element.name.slice(context.prefix.length) : null;
}

function childElements(element: Element, context: Context, name: string): Element[] {
  return element.children.filter(
    (child): child is Element => isTag(child) && localName(child, context) === name,
  );
}

function child(element: Element, context: Context, name: string): Element | undefined {
  return element.children.find((node): node is Element => isTag(node) && localName(node, context) === name);
}

/**
 * A property of a construct (`m:fPr/m:type/@m:val`): undefined when the property is absent, '' when it
 * is present without a value.
 */
function property(element: Element, context: Context, group: string, name: string): string | undefined {
  return setting(child(element, context, group), context, name);
}

/** One setting (`m:sty/@m:val`) of a property group, or undefined when the group or setting is absent. */
function setting(properties: Element | undefined, context: Context, name: string): string | undefined {
  const element = properties && child(properties, context, name);
  return element ? (element.attribs[`${context.prefix}val`] ?? '') : undefined;
}

/** OMML on/off properties are on when present without a value. */
function isOn(value: string | undefined): boolean {
  if (value === undefined) return false;
  return value === '' || value === '1' || value === 'on' || value === 'true';
}

function isOff(value: string | undefined): boolean {
  return value === '0' || value === 'off' || value === 'false';
}

function row(nodes: Nodes): string {
  const [only] = nodes;
  return nodes.length === 1 && only !== undefined ? only : `<mrow>${nodes.join('')}</mrow>`;
}

function operator(text: string, attributes = ''): string {
  return `<mo${attributes}>${escapeText(text)}</mo>`;
}

function convertChildren(element: Element, context: Context): Nodes {
  return element.children.flatMap((node) => convertNode(node, context));
}

function convertNode(node: ChildNode, context: Context): Nodes {
  if (!isTag(node)) return [];
  const name = localName(node, context);
  if (name === null) return convertForeign(node, context);
  return convert(node, context);
}

/**
 * WordprocessingML inside an equation: revision marks wrap math runs (inserted content stays, deleted
 * content goes); run formatting and bookmarks carry no math.
 */
function convertForeign(element: Element, context: Context): Nodes {
  const name = element.name.slice(element.name.indexOf(':') + 1);
  if (name === 'ins' || name === 'moveTo' || name === 'smartTag' || name === 'customXml') {
    return convertChildren(element, context);
  }
  return [];
}

/** An argument slot (`m:e`, `m:num`, `m:sup`…) as one MathML node. */
function argument(element: Element, context: Context, name: string): string {
  return row(argumentNodes(element, context, name));
}

function argumentNodes(element: Element, context: Context, name: string): Nodes {
  const slot = child(element, context, name);
  return slot ? convertChildren(slot, context) : [];
}

function convert(element: Element, context: Context): Nodes {
  const name = localName(element, context) ?? '';
  switch (name) {
    case 'r':
      return convertRun(element, context);
    case 't':
      return tokenize(textOf(element), runStyle(undefined, context), context);
    case 'f':
      return [convertFraction(element, context)];
    case 'sSup':
      return [`<msup>${argument(element, context, 'e')}${argument(element, context, 'sup')}</msup>`];
    case 'sSub':
      return [`<msub>${argument(element, context, 'e')}${argument(element, context, 'sub')}</msub>`];
    case 'sSubSup':
      return [
        `<msubsup>${argument(element, context, 'e')}${argument(element, context, 'sub')}${argument(element, context, 'sup')}</msubsup>`,
      ];
    case 'sPre':
      return [convertPreScripts(element, context)];
    case 'rad':
      return [convertRadical(element, context)];
    case 'nary':
      return [convertNary(element, context)];
    case 'd':
      return [convertDelimiters(element, context)];
    case 'func':
      return [convertFunction(element, context)];
    case 'acc':
      return [convertAccent(element, context)];
    case 'bar':
      return [convertBar(element, context)];
    case 'limLow':
      return [`<munder>${argument(element, context, 'e')}${argument(element, context, 'lim')}</munder>`];
    case 'limUpp':
      return [`<mover>${argument(element, context, 'e')}${argument(element, context, 'lim')}</mover>`];
    case 'groupChr':
      return [convertGroupCharacter(element, context)];
    case 'm':
      return [convertMatrix(element, context)];
    case 'eqArr':
      return [convertEquationArray(element, context)];
    case 'box':
      return [argument(element, context, 'e')];
    case 'borderBox':
      return [convertBorderBox(element, context)];
    case 'phant':
      return [convertPhantom(element, context)];
    default:
      // Property groups (`m:fPr`, `m:ctrlPr`…) hold no content; every other element — argument slots and
      // constructs this converter does not know — keeps its content.
      if (name.endsWith('Pr')) return [];
      return convertChildren(element, context);
  }
}

function textOf(element: Element): string {
  return element.children.map((node) => (isText(node) ? node.data : '')).join('');
}

type RunStyle = {
  /** m:sty: p (plain), b, i, bi; undefined is Word's default, italic letters. */
  style: string | undefined;
  /** m:scr: roman, script, fraktur, double-struck, sans-serif, monospace. */
  script: string;
  /** m:nor: ordinary text inside the equation. */
  normalText: boolean;
};

function runStyle(runProperties: Element | undefined, context: Context): RunStyle {
  const value = (name: string) => setting(runProperties, context, name);
  return {
    style: value('sty'),
    script: value('scr') ?? 'roman',
    normalText: isOn(value('nor')),
  };
}

function convertRun(element: Element, context: Context): Nodes {
  const style = runStyle(child(element, context, 'rPr'), context);
  const text = element.children
    .filter(
      (node): node is Element =>
        isTag(node) && (localName(node, context) === 't' || node.name.endsWith(':t')),
    )
    .map(textOf)
    .join('');
  return tokenize(text, style, context);
}

/** MathML's mathvariant for identifiers of a run: only where it differs from MathML's own default. */
function identifierVariant(style: RunStyle): string | undefined {
  const bold = style.style === 'b' || style.style === 'bi';
  const plain = style.style === 'p';
  switch (style.script) {
    case 'script':
      return bold ? 'bold-script' : 'script';
    case 'fraktur':
      return bold ? 'bold-fraktur' : 'fraktur';
    case 'double-struck':
      return 'double-struck';
    case 'monospace':
      return 'monospace';
    case 'sans-serif':
      if (plain) return 'sans-serif';
      if (style.style === 'b') return 'bold-sans-serif';
      return style.style === 'bi' ? 'sans-serif-bold-italic' : 'sans-serif-italic';
    default:
      if (plain) return 'normal';
      if (style.style === 'b') return 'bold';
      return style.style === 'bi' ? 'bold-italic' : undefined;
  }
}

function variantAttribute(variant: string | undefined): string {
  return variant ? ` mathvariant="${variant}"` : '';
}

/**
 * One token per match: white space, a number, a run of math letters (Latin, Greek, letter-like symbols),
 * a run of letters of other scripts (Chinese… words, set as text), or any other character (an operator).
 */
const TOKEN =
  /(\s+)|(\p{Nd}+(?:\.\p{Nd}+)?)|([\p{Script=Latin}\p{Script=Greek}\u2102-\u214F\u221E]+)|((?:(?![\p{Script=Latin}\p{Script=Greek}])[\p{L}\p{M}])+)|([\s\S])/gu;

/** Splits a run's text into identifiers, numbers, operators and words, as Word lays them out. */
function tokenize(text: string, style: RunStyle, context: Context): Nodes {
  const source = context.equationArray ? text.replace(/&/g, '') : text;
  if (style.normalText) return source ? [`<mtext>${escapeText(source)}</mtext>`] : [];
  const variant = identifierVariant(style);
  const groupLetters = context.functionName || style.style === 'p';
  const numberVariant = variant === 'bold' || variant === 'bold-italic' ? 'bold' : undefined;
  const nodes: Nodes = [];
  for (const [, space, number, letters, word, other] of source.matchAll(TOKEN)) {
    if (space !== undefined) continue;
    if (number !== undefined) {
      nodes.push(`<mn${variantAttribute(numberVariant)}>${number}</mn>`);
    } else if (letters !== undefined) {
      // Letters in italic are a product of variables (a·b·c); upright letters name one thing (sin, max).
      const identifiers = groupLetters ? [letters] : Array.from(letters);
      for (const identifier of identifiers) {
        // A multi-letter identifier is upright by default in MathML, so "normal" matters for one letter.
        const shown = identifier.length > 1 && variant === 'normal' ? undefined : variant;
        nodes.push(`<mi${variantAttribute(shown)}>${escapeText(identifier)}</mi>`);
      }
    } else if (word !== undefined) {
      nodes.push(`<mtext>${escapeText(word)}</mtext>`);
    } else if (other !== undefined) {
      nodes.push(operator(other));
    }
  }
  return nodes;
}

function convertFraction(element: Element, context: Context): string {
  const numerator = argument(element, context, 'num');
  const denominator = argument(element, context, 'den');
  switch (property(element, context, 'fPr', 'type')) {
    case 'noBar':
      return `<mfrac linethickness="0">${numerator}${denominator}</mfrac>`;
    case 'lin':
    case 'skw':
      return `<mrow>${numerator}${operator('/')}${denominator}</mrow>`;
    default:
      return `<mfrac>${numerator}${denominator}</mfrac>`;
  }
}

function scriptOrNone(nodes: Nodes): string {
  return nodes.length === 0 ? '<none></none>' : row(nodes);
}

function convertPreScripts(element: Element, context: Context): string {
  const base = argument(element, context, 'e');
  const sub = scriptOrNone(argumentNodes(element, context, 'sub'));
  const sup = scriptOrNone(argumentNodes(element, context, 'sup'));
  return `<mmultiscripts>${base}<mprescripts></mprescripts>${sub}${sup}</mmultiscripts>`;
}

function convertRadical(element: Element, context: Context): string {
  const degree = argumentNodes(element, context, 'deg');
  const base = argumentNodes(element, context, 'e');
  if (isOn(property(element, context, 'radPr', 'degHide')) || degree.length === 0) {
    return `<msqrt>${base.join('')}</msqrt>`;
  }
  return `<mroot>${row(base)}${row(degree)}</mroot>`;
}

const INTEGRALS = new Set(['∫', '∬', '∭', '∮', '∯', '∰', '∱', '∲', '∳', '⨌']);

function convertNary(element: Element, context: Context): string {
  const symbol = property(element, context, 'naryPr', 'chr') || '∫';
  const limits =
    property(element, context, 'naryPr', 'limLoc') || (INTEGRALS.has(symbol) ? 'subSup' : 'undOvr');
  const sub = isOn(property(element, context, 'naryPr', 'subHide'))
    ? []
    : argumentNodes(element, context, 'sub');
  const sup = isOn(property(element, context, 'naryPr', 'supHide'))
    ? []
    : argumentNodes(element, context, 'sup');
  const base = argument(element, context, 'e');
  const underOver = limits === 'undOvr';
  // Word sets under/over limits under and over the operator even inline; MathML would move them aside.
  const op = operator(symbol, underOver ? ' movablelimits="false"' : '');
  let scripted = op;
  if (sub.length > 0 && sup.length > 0) {
    scripted = underOver
      ? `<munderover>${op}${row(sub)}${row(sup)}</munderover>`
      : `<msubsup>${op}${row(sub)}${row(sup)}</msubsup>`;
  } else if (sub.length > 0) {
    scripted = underOver ? `<munder>${op}${row(sub)}</munder>` : `<msub>${op}${row(sub)}</msub>`;
  } else if (sup.length > 0) {
    scripted = underOver ? `<mover>${op}${row(sup)}</mover>` : `<msup>${op}${row(sup)}</msup>`;
  }
  return `<mrow>${scripted}${base}</mrow>`;
}

function convertDelimiters(element: Element, context: Context): string {
  const open = property(element, context, 'dPr', 'begChr') ?? '(';
  const close = property(element, context, 'dPr', 'endChr') ?? ')';
  const separator = property(element, context, 'dPr', 'sepChr') ?? '|';
  const parts = childElements(element, context, 'e').map((slot) => row(convertChildren(slot, context)));
  const inner = parts.join(separator ? operator(separator) : '');
  return `<mrow>${open ? operator(open) : ''}${inner}${close ? operator(close) : ''}</mrow>`;
}

function convertFunction(element: Element, context: Context): string {
  const nameSlot = child(element, context, 'fName');
  const name = row(nameSlot ? convertChildren(nameSlot, { ...context, functionName: true }) : []);
  // U+2061 FUNCTION APPLICATION: tells renderers and screen readers "sin x" is sin applied to x.
  return `<mrow>${name}<mo>\u2061</mo>${argument(element, context, 'e')}</mrow>`;
}

/** Word stores accents as combining marks; MathML accents are spacing characters. */
const SPACING_ACCENTS: Record<string, string> = {
  '\u0300': '`',
  '\u0301': '´',
  '\u0302': '^',
  '\u0303': '~',
  '\u0304': '¯',
  '\u0305': '¯',
  '\u0306': '˘',
  '\u0307': '˙',
  '\u0308': '¨',
  '\u030C': 'ˇ',
  '\u20D6': '←',
  '\u20D7': '→',
  '\u20E1': '↔',
};

function convertAccent(element: Element, context: Context): string {
  const mark = property(element, context, 'accPr', 'chr') || '\u0302';
  const shown = SPACING_ACCENTS[mark] ?? mark;
  return `<mover accent="true">${argument(element, context, 'e')}${operator(shown)}</mover>`;
}

function convertBar(element: Element, context: Context): string {
  const base = argument(element, context, 'e');
  if (property(element, context, 'barPr', 'pos') === 'top') {
    return `<mover accent="true">${base}${operator('¯')}</mover>`;
  }
  return `<munder accentunder="true">${base}${operator('_')}</munder>`;
}

function convertGroupCharacter(element: Element, context: Context): string {
  const symbol = property(element, context, 'groupChrPr', 'chr') || '⏟';
  const base = argument(element, context, 'e');
  if (property(element, context, 'groupChrPr', 'pos') === 'top') {
    return `<mover>${base}${operator(symbol)}</mover>`;
  }
  return `<munder>${base}${operator(symbol)}</munder>`;
}

function convertMatrix(element: Element, context: Context): string {
  const rows = childElements(element, context, 'mr').map((matrixRow) => {
    const cells = childElements(matrixRow, context, 'e').map(
      (cell) => `<mtd>${convertChildren(cell, context).join('')}</mtd>`,
    );
    return `<mtr>${cells.join('')}</mtr>`;
  });
  return `<mtable>${rows.join('')}</mtable>`;
}

function convertEquationArray(element: Element, context: Context): string {
  const inner = { ...context, equationArray: true };
  const rows = childElements(element, context, 'e').map(
    (line) => `<mtr><mtd>${convertChildren(line, inner).join('')}</mtd></mtr>`,
  );
  return `<mtable>${rows.join('')}</mtable>`;
}

function convertBorderBox(element: Element, context: Context): string {
  const value = (name: string) => property(element, context, 'borderBoxPr', name);
  const sides = (
    [
      ['hideTop', 'top'],
      ['hideBot', 'bottom'],
      ['hideLeft', 'left'],
      ['hideRight', 'right'],
    ] as const
  )
    .filter(([hide]) => !isOn(value(hide)))
    .map(([, side]) => side);
  const strikes = (
    [
      ['strikeH', 'horizontalstrike'],
      ['strikeV', 'verticalstrike'],
      ['strikeBLTR', 'updiagonalstrike'],
      ['strikeTLBR', 'downdiagonalstrike'],
    ] as const
  )
    .filter(([strike]) => isOn(value(strike)))
    .map(([, name]) => name);
  const notations = [...(sides.length === 4 ? ['box'] : sides), ...strikes];
  const body = argumentNodes(element, context, 'e');
  if (notations.length === 0) return row(body);
  return `<menclose notation="${notations.join(' ')}">${body.join('')}</menclose>`;
}

function convertPhantom(element: Element, context: Context): string {
  const base = argument(element, context, 'e');
  return isOff(property(element, context, 'phantPr', 'show')) ? `<mphantom>${base}</mphantom>` : base;
}
