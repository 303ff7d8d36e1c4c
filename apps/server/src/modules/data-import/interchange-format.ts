/**
 * Which of Moodle's exchange formats a text file is, from what it says: names lie (`quiz.txt` may be
 * GIFT or Aiken), so the name only breaks a tie between two formats the content fits equally well.
 */
export type InterchangeFormat = 'moodle_xml' | 'gift' | 'aiken';

/** XML declaration, comments and whitespace before the root element. */
const XML_PROLOG = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/;

function isMoodleXml(text: string): boolean {
  const rest = text.replace(XML_PROLOG, '');
  return /^<quiz[\s>/]/.test(rest);
}

function looksLikeXml(text: string): boolean {
  return /^\s*<(?:\?xml|!--|!DOCTYPE|[a-zA-Z])/.test(text);
}

/** Answer blocks GIFT would read: `{=…}`, `{~…}`, `{#…}`, `{T}`/`{FALSE}`, `{}` right after a title. */
const GIFT_BLOCK = /(?<!\\)\{\s*(?:[=~#]|%-?\d|(?:T|F|TRUE|FALSE)\s*(?:#|\}))/g;
const GIFT_TITLE = /^\s*::[^\n]+?::/gm;

/** Moodle's category lines and essay blocks (`{}`) say GIFT as surely as answers do. */
const GIFT_CATEGORY = /^\s*\$CATEGORY:/gm;
const GIFT_ESSAY = /(?<!\\)\{\s*\}/g;

function giftScore(text: string): number {
  const withoutComments = text.replace(/^\s*\/\/.*$/gm, '');
  return (
    (withoutComments.match(GIFT_BLOCK)?.length ?? 0) +
    (withoutComments.match(GIFT_TITLE)?.length ?? 0) +
    (withoutComments.match(GIFT_CATEGORY)?.length ?? 0) +
    (withoutComments.match(GIFT_ESSAY)?.length ?? 0)
  );
}

const AIKEN_OPTION = /^[A-Z][.)．）](?:\s|$|\S)/;
const AIKEN_ANSWER = /^ANSWER\s*[:：]\s*[A-Z]\s*$/;

/** ANSWER lines right after an option line: the shape every Aiken question ends with. */
function aikenScore(text: string): number {
  const lines = text
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return lines.filter((line, i) => AIKEN_ANSWER.test(line) && i > 0 && AIKEN_OPTION.test(lines[i - 1] ?? ''))
    .length;
}

export function detectInterchangeFormat(name: string, text: string): InterchangeFormat | null {
  if (isMoodleXml(text)) return 'moodle_xml';
  if (looksLikeXml(text)) return null;
  const gift = giftScore(text);
  const aiken = aikenScore(text);
  if (gift === 0 && aiken === 0) return null;
  if (gift !== aiken) return gift > aiken ? 'gift' : 'aiken';
  const lower = name.toLowerCase();
  if (lower.endsWith('.gift') || lower.includes('gift')) return 'gift';
  if (lower.includes('aiken')) return 'aiken';
  return 'gift';
}
