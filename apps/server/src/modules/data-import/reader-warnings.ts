import type { Locale } from '@lectern/contracts/common/locale';
import type { MessageParams } from '@lectern/contracts/common/messages';
import { SUBJECT_LIMITS } from '@lectern/contracts/exams/subject.schemas';
import { translate, type MessageKey } from '../../platform/messages.ts';

/**
 * The warnings of one read, in the reader's locale. What a question loses (partial credit, a tolerance,
 * a picture) is a note on that question, so the preview shows it on the question's own card; only what
 * concerns no question (an unreadable file, a question that could not be read at all) is said for the file.
 */
export class ReaderWarnings {
  private readonly messages: string[] = [];
  /** The notes of the question being read; null between questions. */
  private notes: string[] | null = null;

  constructor(readonly locale: Locale) {}

  /** A warning about the file, or about a question that is not imported. */
  add(key: MessageKey, params?: MessageParams): void {
    this.messages.push(translate(this.locale, key, params));
  }

  /** Starts collecting the losses of one question. */
  beginQuestion(): void {
    this.notes = [];
  }

  /** The losses of the question just read, each once; collecting stops. */
  endQuestion(): string[] {
    const notes = this.notes ?? [];
    this.notes = null;
    return notes;
  }

  /** A loss of the question being read (said for the file only if a reader reports one between questions). */
  note(key: MessageKey, params?: MessageParams): void {
    const message = translate(this.locale, key, params);
    if (this.notes === null) this.messages.push(message);
    else if (!this.notes.includes(message)) this.notes.push(message);
  }

  /** A picture of the question being read that cannot be carried. */
  imageDropped(): void {
    this.note('interchange.imagesDropped');
  }

  /** The visible text left where an image the reader cannot carry was; the loss is noted on the question. */
  imagePlaceholder(name: string): string {
    this.imageDropped();
    return translate(this.locale, 'interchange.imagePlaceholder', { name });
  }

  /**
   * A file's question name as the question's note: one line of plain text, cut to the note's limit with the
   * loss noted on the question (call while its losses are collected).
   */
  noteFromName(name: string): string | null {
    const line = name.replace(/\s+/g, ' ').trim();
    if (line === '') return null;
    const max = SUBJECT_LIMITS.noteMax;
    if ([...line].length <= max) return line;
    this.note('interchange.nameShortened', { maximum: max, name: line });
    return [...line].slice(0, max).join('');
  }

  /** A question's name for messages when the file gives none. */
  questionLabel(number: number): string {
    return translate(this.locale, 'interchange.questionNumber', { number });
  }

  list(): string[] {
    return [...this.messages];
  }
}
