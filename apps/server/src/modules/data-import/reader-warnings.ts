import type { Locale } from '@lectern/contracts/common/locale';
import type { MessageParams } from '@lectern/contracts/common/messages';
import { translate, type MessageKey } from '../../platform/messages.ts';

/** Losses that many questions of one file may share: reported once, naming the questions concerned. */
export type SharedLoss = 'interchange.feedbackDropped' | 'interchange.toleranceDropped';

/**
 * The warnings of one read, in the reader's locale. Shared losses are gathered so that a file whose 80
 * questions all carry feedback yields one warning, not 80.
 */
export class ReaderWarnings {
  private readonly messages: string[] = [];
  private readonly shared = new Map<SharedLoss, string[]>();
  private imagesDropped = false;

  constructor(readonly locale: Locale) {}

  add(key: MessageKey, params?: MessageParams): void {
    this.messages.push(translate(this.locale, key, params));
  }

  loss(key: SharedLoss, question: string): void {
    const questions = this.shared.get(key) ?? [];
    if (!questions.includes(question)) questions.push(question);
    this.shared.set(key, questions);
  }

  imageDropped(): void {
    this.imagesDropped = true;
  }

  /** The visible text left where an image the reader cannot carry was; reported once per read. */
  imagePlaceholder(name: string): string {
    this.imagesDropped = true;
    return translate(this.locale, 'interchange.imagePlaceholder', { name });
  }

  /** A question's name for messages when the file gives none. */
  questionLabel(number: number): string {
    return translate(this.locale, 'interchange.questionNumber', { number });
  }

  list(): string[] {
    const separator = this.locale === 'en-US' ? ', ' : '、';
    const shared = [...this.shared].map(([key, questions]) =>
      translate(this.locale, key, { questions: questions.join(separator) }),
    );
    const images = this.imagesDropped ? [translate(this.locale, 'interchange.imagesDropped')] : [];
    return [...this.messages, ...shared, ...images];
  }
}
