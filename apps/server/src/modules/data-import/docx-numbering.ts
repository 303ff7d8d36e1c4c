import { parseDocument } from 'htmlparser2';
import { isTag, type Element } from 'domhandler';
import {
  MARKUP_COMPATIBILITY_NAMESPACES,
  WORD_NAMESPACES,
  attributeValue,
  escapeRegExp,
  escapeXml,
  namespacePrefix,
} from './docx-xml.ts';

/**
 * Word's automatic list numbers, written into the text. A teacher types "1." and Word turns it into list
 * numbering, so the number lives in numbering.xml, not in the paragraph; the question parser needs it in
 * the line, exactly as Word shows it ("1.", "A.", "(1)", "一、"). Bulleted lists carry no label and stay
 * lists.
 */

type Level = {
  format: string;
  text: string | null;
  start: number;
  /** isLgl: every number of the label in decimal ("1.1", not "I.1"). */
  legal: boolean;
  /** lvlRestart: restart after a use of this level number (1-based) or shallower; 0 never restarts. */
  restart: number | undefined;
  styleId: string | undefined;
  hidden: boolean;
};

type AbstractNumbering = { levels: Map<number, Level>; numStyleLink: string | undefined };

type LevelOverride = { start: number | undefined; level: Level | undefined };

type NumberingInstance = { abstractId: string; overrides: Map<number, LevelOverride> };

type StyleNumbering = { basedOn: string | undefined; numId: string | undefined; level: number | undefined };

export type NumberingDefinitions = {
  abstracts: Map<string, AbstractNumbering>;
  instances: Map<string, NumberingInstance>;
  paragraphStyles: Map<string, StyleNumbering>;
  /** Numbering styles (type="numbering"): the numId behind an abstract numbering's numStyleLink. */
  numberingStyles: Map<string, string>;
  defaultParagraphStyle: string | undefined;
};

const MAX_LEVELS = 9;

class PartReader {
  constructor(private readonly prefix: string) {}

  children(parent: Element, name: string): Element[] {
    const full = `${this.prefix}:${name}`;
    return parent.children.filter((node): node is Element => isTag(node) && node.name === full);
  }

  first(parent: Element | undefined, name: string): Element | undefined {
    return parent ? this.children(parent, name)[0] : undefined;
  }

  attribute(element: Element | undefined, name: string): string | undefined {
    return element?.attribs[`${this.prefix}:${name}`];
  }

  value(parent: Element | undefined, name: string): string | undefined {
    return this.attribute(this.first(parent, name), 'val');
  }

  isOn(parent: Element | undefined, name: string): boolean {
    const element = this.first(parent, name);
    if (!element) return false;
    const value = this.attribute(element, 'val');
    return value === undefined || value === '1' || value === 'true' || value === 'on';
  }
}

function rootOf(xml: string): Element | undefined {
  return parseDocument(xml, { xmlMode: true }).children.find(isTag);
}

function integer(value: string | undefined): number | undefined {
  if (value === undefined || !/^-?\d+$/.test(value.trim())) return undefined;
  return Number.parseInt(value, 10);
}

/** Reads numbering.xml and styles.xml; null when the document defines no numbering at all. */
export function readNumberingDefinitions(
  numberingXml: string,
  stylesXml: string | null,
): NumberingDefinitions | null {
  const root = rootOf(numberingXml);
  if (!root) return null;
  const reader = new PartReader(namespacePrefix(numberingXml, WORD_NAMESPACES, 'w'));
  const mcPrefix = namespacePrefix(numberingXml, MARKUP_COMPATIBILITY_NAMESPACES, 'mc');

  const abstracts = new Map<string, AbstractNumbering>();
  for (const element of reader.children(root, 'abstractNum')) {
    const id = reader.attribute(element, 'abstractNumId');
    if (id === undefined) continue;
    const levels = new Map<number, Level>();
    for (const levelElement of reader.children(element, 'lvl')) {
      levels.set(
        integer(reader.attribute(levelElement, 'ilvl')) ?? 0,
        readLevel(reader, levelElement, mcPrefix),
      );
    }
    abstracts.set(id, { levels, numStyleLink: reader.value(element, 'numStyleLink') });
  }

  const instances = new Map<string, NumberingInstance>();
  for (const element of reader.children(root, 'num')) {
    const id = reader.attribute(element, 'numId');
    const abstractId = reader.value(element, 'abstractNumId');
    if (id === undefined || abstractId === undefined) continue;
    const overrides = new Map<number, LevelOverride>();
    for (const override of reader.children(element, 'lvlOverride')) {
      const levelElement = reader.first(override, 'lvl');
      overrides.set(integer(reader.attribute(override, 'ilvl')) ?? 0, {
        start: integer(reader.value(override, 'startOverride')),
        level: levelElement ? readLevel(reader, levelElement, mcPrefix) : undefined,
      });
    }
    instances.set(id, { abstractId, overrides });
  }
  if (instances.size === 0) return null;

  return { abstracts, instances, ...readStyles(stylesXml) };
}

function readLevel(reader: PartReader, element: Element, mcPrefix: string): Level {
  // Word 2010 writes custom formats as mc:AlternateContent with a plain numFmt in mc:Fallback.
  const alternate = element.children.find(
    (node): node is Element => isTag(node) && node.name === `${mcPrefix}:AlternateContent`,
  );
  const fallback = alternate?.children.find(
    (node): node is Element => isTag(node) && node.name === `${mcPrefix}:Fallback`,
  );
  const format = reader.value(element, 'numFmt') ?? reader.value(fallback, 'numFmt') ?? 'decimal';
  return {
    format,
    text: reader.value(element, 'lvlText') ?? null,
    // ECMA-376 17.9.25: a level without w:start starts at zero.
    start: integer(reader.value(element, 'start')) ?? 0,
    legal: reader.isOn(element, 'isLgl'),
    restart: integer(reader.value(element, 'lvlRestart')),
    styleId: reader.value(element, 'pStyle'),
    hidden: reader.isOn(reader.first(element, 'rPr'), 'vanish'),
  };
}

function readStyles(
  stylesXml: string | null,
): Pick<NumberingDefinitions, 'paragraphStyles' | 'numberingStyles' | 'defaultParagraphStyle'> {
  const paragraphStyles = new Map<string, StyleNumbering>();
  const numberingStyles = new Map<string, string>();
  let defaultParagraphStyle: string | undefined;
  const root = stylesXml ? rootOf(stylesXml) : undefined;
  if (!stylesXml || !root) return { paragraphStyles, numberingStyles, defaultParagraphStyle };
  const reader = new PartReader(namespacePrefix(stylesXml, WORD_NAMESPACES, 'w'));
  for (const style of reader.children(root, 'style')) {
    const id = reader.attribute(style, 'styleId');
    if (id === undefined) continue;
    const numbering = reader.first(reader.first(style, 'pPr'), 'numPr');
    const numId = reader.value(numbering, 'numId');
    const type = reader.attribute(style, 'type');
    if (type === 'numbering') {
      if (numId !== undefined) numberingStyles.set(id, numId);
    } else if (type === 'paragraph') {
      const isDefault = reader.attribute(style, 'default');
      if (isDefault === '1' || isDefault === 'true' || isDefault === 'on') defaultParagraphStyle = id;
      paragraphStyles.set(id, {
        basedOn: reader.value(style, 'basedOn'),
        numId,
        level: integer(reader.value(numbering, 'ilvl')),
      });
    }
  }
  return { paragraphStyles, numberingStyles, defaultParagraphStyle };
}

/** The numbering one paragraph asks for, directly or through its style. */
type ParagraphNumbering = { numId: string; level: number };

/**
 * Word's counters: one per abstract numbering definition (several list instances over one definition
 * continue each other), restarted where an instance overrides a level's start on its first use.
 */
class ListCounters {
  private readonly counts = new Map<string, (number | undefined)[]>();
  private readonly overridesApplied = new Set<string>();

  constructor(private readonly definitions: NumberingDefinitions) {}

  /** The label Word shows for the next paragraph of this list and level, or null for a bullet. */
  next(numbering: ParagraphNumbering): { label: string | null } | null {
    const resolved = this.resolve(numbering.numId);
    if (!resolved) return null;
    const { abstractId, levels } = resolved;
    const current = levels[numbering.level];
    if (!current) return null;
    const counts = this.counts.get(abstractId) ?? [];
    this.counts.set(abstractId, counts);

    const key = `${numbering.numId}:${numbering.level}`;
    const override = resolved.instance.overrides.get(numbering.level);
    if (override?.start !== undefined && !this.overridesApplied.has(key)) {
      counts[numbering.level] = override.start;
    } else {
      const previous = counts[numbering.level];
      counts[numbering.level] = previous === undefined ? current.start : previous + 1;
    }
    this.overridesApplied.add(key);
    for (let deeper = numbering.level + 1; deeper < MAX_LEVELS; deeper += 1) {
      const restart = levels[deeper]?.restart;
      if (restart === 0 || (restart !== undefined && numbering.level >= restart)) continue;
      counts[deeper] = undefined;
    }

    if (current.format === 'bullet') return { label: null };
    if (current.hidden || current.text === null) return { label: '' };
    const label = current.text.replace(/%([1-9])/g, (_, digit: string) => {
      const index = Number(digit) - 1;
      const level = levels[index];
      const value = counts[index] ?? level?.start ?? 1;
      return formatNumber(value, current.legal ? 'decimal' : (level?.format ?? 'decimal'));
    });
    return { label };
  }

  private resolve(
    numId: string,
  ): { abstractId: string; instance: NumberingInstance; levels: (Level | undefined)[] } | null {
    const instance = this.definitions.instances.get(numId);
    if (!instance) return null;
    let abstractId = instance.abstractId;
    const seen = new Set<string>();
    for (;;) {
      const abstract = this.definitions.abstracts.get(abstractId);
      if (!abstract || seen.has(abstractId)) return null;
      seen.add(abstractId);
      const linkedNumId =
        abstract.numStyleLink && this.definitions.numberingStyles.get(abstract.numStyleLink);
      const linked = linkedNumId ? this.definitions.instances.get(linkedNumId) : undefined;
      if (linked) {
        abstractId = linked.abstractId;
        continue;
      }
      const levels: (Level | undefined)[] = [];
      for (let index = 0; index < MAX_LEVELS; index += 1) {
        levels.push(instance.overrides.get(index)?.level ?? abstract.levels.get(index));
      }
      return { abstractId, instance, levels };
    }
  }
}

type Prefixes = { w: string; mc: string };

/**
 * Rewrites document.xml so every numbered paragraph starts with its label as text and no longer asks
 * for list numbering (numId 0, which also cancels numbering inherited from the paragraph's style).
 * Paragraphs are found as text: the document is parsed once, later, by mammoth.
 */
export function materializeListNumbers(documentXml: string, definitions: NumberingDefinitions): string {
  const prefixes: Prefixes = {
    w: namespacePrefix(documentXml, WORD_NAMESPACES, 'w'),
    mc: namespacePrefix(documentXml, MARKUP_COMPATIBILITY_NAMESPACES, 'mc'),
  };
  const w = escapeRegExp(prefixes.w);
  const mc = escapeRegExp(prefixes.mc);
  const starts = new RegExp(`<${w}:p(?=[\\s>/])[^>]*>|<${mc}:Choice(?=[\\s>])`, 'g');
  const counters = new ListCounters(definitions);
  const levelLinks = styleLinkedLevels(definitions);
  const pieces: string[] = [];
  let copied = 0;

  for (let match = starts.exec(documentXml); match; match = starts.exec(documentXml)) {
    if (match[0].startsWith(`<${prefixes.mc}:`)) {
      // mc:Choice repeats content of its mc:Fallback (text boxes); mammoth reads the fallback only, and
      // counting both would count those paragraphs twice.
      starts.lastIndex = endOfElement(documentXml, match.index, `${prefixes.mc}:Choice`);
      continue;
    }
    if (match[0].endsWith('/>')) continue;
    const contentStart = match.index + match[0].length;
    const properties = paragraphProperties(documentXml, contentStart, prefixes.w);
    const numbering = paragraphNumbering(properties?.direct ?? '', prefixes.w, definitions, levelLinks);
    if (!numbering) continue;
    const shown = counters.next(numbering);
    if (!shown || shown.label === null) continue;

    const neutral = `<${prefixes.w}:numPr><${prefixes.w}:ilvl ${prefixes.w}:val="0"/><${prefixes.w}:numId ${prefixes.w}:val="0"/></${prefixes.w}:numPr>`;
    const label = shown.label
      ? `<${prefixes.w}:r><${prefixes.w}:t xml:space="preserve">${escapeXml(shown.label)} </${prefixes.w}:t></${prefixes.w}:r>`
      : '';
    if (properties) {
      pieces.push(documentXml.slice(copied, properties.contentStart));
      pieces.push(neutralizeNumbering(properties.content, properties.direct.length, prefixes.w, neutral));
      pieces.push(documentXml.slice(properties.contentEnd, properties.end), label);
      copied = properties.end;
    } else {
      pieces.push(
        documentXml.slice(copied, contentStart),
        `<${prefixes.w}:pPr>${neutral}</${prefixes.w}:pPr>`,
        label,
      );
      copied = contentStart;
    }
  }
  if (copied === 0) return documentXml;
  pieces.push(documentXml.slice(copied));
  return pieces.join('');
}

/** Position just after the end tag closing the element that starts at `start` (same-name nesting counted). */
function endOfElement(xml: string, start: number, name: string): number {
  const tags = new RegExp(`<(/?)${escapeRegExp(name)}(?=[\\s>/])[^>]*?(/?)>`, 'g');
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(xml); tag; tag = tags.exec(xml)) {
    if (tag[1]) depth -= 1;
    else if (!tag[2]) depth += 1;
    if (depth <= 0) return tags.lastIndex;
  }
  return xml.length;
}

type Properties = {
  contentStart: number;
  contentEnd: number;
  end: number;
  content: string;
  /** The paragraph's own properties: the content up to a tracked change's former properties (pPrChange). */
  direct: string;
};

function paragraphProperties(xml: string, position: number, w: string): Properties | null {
  const open = new RegExp(`\\s*<${escapeRegExp(w)}:pPr(?=[\\s>/])[^>]*?(/?)>`, 'y');
  open.lastIndex = position;
  const tag = open.exec(xml);
  if (!tag || tag[1]) return null;
  const contentStart = open.lastIndex;
  const end = endOfElement(xml, position + tag[0].indexOf('<'), `${w}:pPr`);
  const contentEnd = end - `</${w}:pPr>`.length;
  const content = xml.slice(contentStart, contentEnd);
  const change = content.search(new RegExp(`<${escapeRegExp(w)}:pPrChange(?=[\\s>/])`));
  return {
    contentStart,
    contentEnd,
    end,
    content,
    direct: change === -1 ? content : content.slice(0, change),
  };
}

function numberingElement(direct: string, w: string): RegExpExecArray | null {
  const name = escapeRegExp(`${w}:numPr`);
  return new RegExp(`<${name}(?=[\\s>/])[^>]*/>|<${name}(?=[\\s>/])[^>]*>[\\s\\S]*?</${name}>`).exec(direct);
}

function elementValue(xml: string, name: string, w: string): string | undefined {
  const tag = new RegExp(`<${escapeRegExp(`${w}:${name}`)}(?=[\\s>/])[^>]*>`).exec(xml);
  return tag ? attributeValue(tag[0], `${w}:val`) : undefined;
}

function neutralizeNumbering(content: string, directLength: number, w: string, neutral: string): string {
  const direct = content.slice(0, directLength);
  const existing = numberingElement(direct, w);
  if (existing) {
    return direct.slice(0, existing.index) + neutral + content.slice(existing.index + existing[0].length);
  }
  // Inherited numbering: numPr goes after pStyle, where the schema wants it.
  const style = new RegExp(
    `<${escapeRegExp(`${w}:pStyle`)}(?=[\\s>/])[^>]*?(?:/>|>[\\s\\S]*?</${escapeRegExp(`${w}:pStyle`)}>)`,
  ).exec(direct);
  const at = style ? style.index + style[0].length : 0;
  return content.slice(0, at) + neutral + content.slice(at);
}

/** Levels an abstract numbering ties to a paragraph style (w:lvl/w:pStyle), with an instance using them. */
function styleLinkedLevels(definitions: NumberingDefinitions): Map<string, ParagraphNumbering> {
  const links = new Map<string, ParagraphNumbering>();
  for (const [numId, instance] of definitions.instances) {
    const abstract = definitions.abstracts.get(instance.abstractId);
    for (const [level, definition] of abstract?.levels ?? []) {
      if (definition.styleId && !links.has(definition.styleId))
        links.set(definition.styleId, { numId, level });
    }
  }
  return links;
}

function paragraphNumbering(
  direct: string,
  w: string,
  definitions: NumberingDefinitions,
  levelLinks: Map<string, ParagraphNumbering>,
): ParagraphNumbering | null {
  const own = numberingElement(direct, w)?.[0];
  const ownNumId = own ? elementValue(own, 'numId', w) : undefined;
  const ownLevel = own ? integer(elementValue(own, 'ilvl', w)) : undefined;
  const styleId = elementValue(direct, 'pStyle', w) ?? definitions.defaultParagraphStyle;
  if (ownNumId !== undefined) {
    if (ownNumId === '0') return null;
    return { numId: ownNumId, level: ownLevel ?? inheritedLevel(styleId, definitions, levelLinks) ?? 0 };
  }
  const inherited = styleNumbering(styleId, definitions);
  if (inherited) {
    if (inherited.numId === '0') return null;
    const level = ownLevel ?? inherited.level ?? levelLinks.get(styleId ?? '')?.level ?? 0;
    return { numId: inherited.numId, level };
  }
  const linked = styleId ? levelLinks.get(styleId) : undefined;
  return linked ? { numId: linked.numId, level: ownLevel ?? linked.level } : null;
}

function inheritedLevel(
  styleId: string | undefined,
  definitions: NumberingDefinitions,
  levelLinks: Map<string, ParagraphNumbering>,
): number | undefined {
  return styleNumbering(styleId, definitions)?.level ?? levelLinks.get(styleId ?? '')?.level;
}

/** The numbering a paragraph style carries, itself or through the styles it is based on. */
function styleNumbering(
  styleId: string | undefined,
  definitions: NumberingDefinitions,
): { numId: string; level: number | undefined } | null {
  const seen = new Set<string>();
  let level: number | undefined;
  for (let id = styleId; id !== undefined && !seen.has(id);) {
    seen.add(id);
    const style = definitions.paragraphStyles.get(id);
    if (!style) return null;
    level ??= style.level;
    if (style.numId !== undefined) return { numId: style.numId, level };
    id = style.basedOn;
  }
  return null;
}

const CHINESE_DIGITS = '〇一二三四五六七八九';
const CHINESE_LEGAL_SIMPLIFIED = '零壹贰叁肆伍陆柒捌玖';
const CHINESE_LEGAL_TRADITIONAL = '零壹貳參肆伍陸柒捌玖';
const HEAVENLY_STEMS = '甲乙丙丁戊己庚辛壬癸';
const EARTHLY_BRANCHES = '子丑寅卯辰巳午未申酉戌亥';

/** One number in one of Word's number formats (ST_NumberFormat); formats Word has no glyphs for read as decimal. */
export function formatNumber(value: number, format: string): string {
  if (value < 0) return String(value);
  switch (format) {
    case 'decimal':
    case 'decimalHalfWidth':
      return String(value);
    case 'decimalZero':
      return value < 10 ? `0${value}` : String(value);
    case 'upperLetter':
      return letters(value).toUpperCase();
    case 'lowerLetter':
      return letters(value);
    case 'upperRoman':
      return roman(value);
    case 'lowerRoman':
      return roman(value).toLowerCase();
    case 'ordinal':
      return ordinal(value);
    case 'decimalFullWidth':
    case 'decimalFullWidth2':
      return String(value).replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));
    case 'decimalEnclosedCircle':
    case 'decimalEnclosedCircleChinese':
      return enclosed(value, 0x2460, 20);
    case 'decimalEnclosedFullstop':
      return enclosed(value, 0x2488, 20);
    case 'decimalEnclosedParen':
      return enclosed(value, 0x2474, 20);
    case 'ideographEnclosedCircle':
      return enclosed(value, 0x3220, 10);
    case 'chineseCounting':
    case 'chineseCountingThousand':
    case 'taiwaneseCounting':
    case 'taiwaneseCountingThousand':
    case 'japaneseCounting':
      return chineseCounting(value, CHINESE_DIGITS, '十百千', '零');
    case 'chineseLegalSimplified':
      return chineseCounting(value, CHINESE_LEGAL_SIMPLIFIED, '拾佰仟', '零');
    case 'ideographLegalTraditional':
      return chineseCounting(value, CHINESE_LEGAL_TRADITIONAL, '拾佰仟', '零');
    case 'ideographDigital':
    case 'taiwaneseDigital':
    case 'japaneseDigitalTenThousand':
      return String(value).replace(/\d/g, (digit) => CHINESE_DIGITS.charAt(Number(digit)));
    case 'ideographTraditional':
      return value >= 1 ? HEAVENLY_STEMS.charAt((value - 1) % 10) : String(value);
    case 'ideographZodiac':
      return value >= 1 ? EARTHLY_BRANCHES.charAt((value - 1) % 12) : String(value);
    case 'none':
      return '';
    default:
      return String(value);
  }
}

/** a…z, then aa…zz, aaa…: Word repeats the letter. */
function letters(value: number): string {
  if (value < 1) return String(value);
  return String.fromCharCode(97 + ((value - 1) % 26)).repeat(Math.floor((value - 1) / 26) + 1);
}

function roman(value: number): string {
  if (value < 1 || value > 3999) return String(value);
  const numerals: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let rest = value;
  let text = '';
  for (const [amount, numeral] of numerals) {
    while (rest >= amount) {
      text += numeral;
      rest -= amount;
    }
  }
  return text;
}

function ordinal(value: number): string {
  const tens = value % 100;
  if (tens >= 11 && tens <= 13) return `${value}th`;
  return `${value}${['th', 'st', 'nd', 'rd'][value % 10] ?? 'th'}`;
}

function enclosed(value: number, first: number, count: number): string {
  return value >= 1 && value <= count ? String.fromCharCode(first + value - 1) : String(value);
}

/** 一, 十, 十一, 二十, 一百零一: the reading Word writes for Chinese counting formats, up to 9999. */
function chineseCounting(value: number, digits: string, unitNames: string, zero: string): string {
  if (value === 0) return digits.charAt(0);
  if (value > 9999) return String(value);
  const places = String(value).split('').map(Number).reverse();
  const units = ['', unitNames.charAt(0), unitNames.charAt(1), unitNames.charAt(2)];
  let text = '';
  let pendingZero = false;
  for (let place = places.length - 1; place >= 0; place -= 1) {
    const digit = places[place] ?? 0;
    if (digit === 0) {
      pendingZero = text !== '';
      continue;
    }
    if (pendingZero) text += zero;
    pendingZero = false;
    // 十一, not 一十一: the leading one of the tens is silent.
    const silentOne = digit === 1 && place === 1 && text === '' && units[1] === '十';
    text += (silentOne ? '' : digits.charAt(digit)) + (units[place] ?? '');
  }
  return text;
}
