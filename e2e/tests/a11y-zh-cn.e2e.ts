import { describe } from 'vitest';
import { accessibilityRounds } from '../support/a11y.ts';
import { useJourneyServer } from '../support/journey.ts';

// One language per file, so the three run side by side (support/a11y.ts says what is checked).
const journey = useJourneyServer();

describe('accessibility and phone layout, zh-CN', () => {
  accessibilityRounds(journey, 'zh-CN');
});
