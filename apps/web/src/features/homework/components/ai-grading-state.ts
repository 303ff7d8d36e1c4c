import type { AiGradingSuggestion } from '@lectern/contracts/homework/homework-grading.schemas';

/**
 * The AI grading suggestion's states (spec 000 addendum section 4, spec 001 section 5): initial, pending
 * (the request is sent and the stream started), waiting (the first message arrived), finished (the
 * stream closed with a suggestion). Accept and discard return to initial; so does an error, keeping its
 * message for the panel to show.
 */
export type AiGradingPhase = 'initial' | 'pending' | 'waiting' | 'finished';

export interface AiGradingState {
  phase: AiGradingPhase;
  /** The model's text so far, shown while it writes. */
  text: string;
  suggestion: AiGradingSuggestion | null;
  /** The last failure's message (server text, or the generic system error). */
  error: string | null;
}

export type AiGradingAction =
  | { type: 'start' }
  | { type: 'message'; text: string }
  | { type: 'finish'; suggestion: AiGradingSuggestion }
  | { type: 'fail'; message: string }
  | { type: 'reset' };

export const initialAiGrading: AiGradingState = { phase: 'initial', text: '', suggestion: null, error: null };

/** A suggestion is being made or shown: starting again only draws attention to it. */
export function isActive(state: AiGradingState): boolean {
  return state.phase !== 'initial';
}

/** Closing before the suggestion is finished would throw away a paid-for call: it asks first. */
export function closeNeedsConfirmation(state: AiGradingState): boolean {
  return state.phase === 'pending' || state.phase === 'waiting';
}

export function aiGradingReducer(state: AiGradingState, action: AiGradingAction): AiGradingState {
  switch (action.type) {
    case 'start':
      return isActive(state) ? state : { phase: 'pending', text: '', suggestion: null, error: null };
    case 'message':
      if (state.phase !== 'pending' && state.phase !== 'waiting') return state;
      return { ...state, phase: 'waiting', text: state.text + action.text };
    case 'finish':
      if (state.phase !== 'pending' && state.phase !== 'waiting') return state;
      return { ...state, phase: 'finished', suggestion: action.suggestion };
    case 'fail':
      return { ...initialAiGrading, error: action.message };
    case 'reset':
      return initialAiGrading;
  }
}

/** The comment an accepted suggestion fills in: strengths, then what to improve, within the limit. */
export function commentFromSuggestion(
  suggestion: AiGradingSuggestion,
  labels: { strengths: string; improvements: string },
  maxLength: number,
): string {
  const section = (title: string, items: readonly string[]) =>
    items.length === 0 ? [] : [`${title}\n${items.map((item) => `- ${item}`).join('\n')}`];
  const text = [
    ...section(labels.strengths, suggestion.strengths),
    ...section(labels.improvements, suggestion.areasForImprovement),
  ].join('\n\n');
  return text.length <= maxLength ? text : text.slice(0, maxLength);
}
