import { createScormRuntime, type CmiValues, type ScormVersion } from './scorm-runtime.ts';

/** What kind of package an H5 courseware upload is; plain HTML gets the 2004 API for its own use. */
export const H5_PACKAGE_KINDS = ['html', 'scorm_12', 'scorm_2004'] as const;
export type H5PackageKind = (typeof H5_PACKAGE_KINDS)[number];

export function scormVersionOf(kind: H5PackageKind): ScormVersion {
  return kind === 'scorm_12' ? '1.2' : '2004';
}

/**
 * The learner state the player posts as `base64State`: base64 of this JSON. Other clients may post any
 * state of their own; the server keeps it as it is, and only this shape counts towards completion.
 */
export type CmiState = { version: ScormVersion; cmi: CmiValues };

/** At most this many base64 characters per state (2004's suspend_data alone may be 64,000). */
export const CMI_STATE_MAX_LENGTH = 512_000;
/** At most this many data-model elements per state: interactions are many, but not unbounded. */
export const CMI_MAX_ELEMENTS = 2_000;

const TOTAL_TIME = /^(\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?|PT\d+H\d+M\d+S)$/;

/**
 * The elements whose values the run-time would refuse, with the SCORM error code it gives: the same
 * checks the SCO met in its frame, replayed on the server, so a state sent by hand obeys them too.
 */
export function invalidCmiElements(version: ScormVersion, cmi: CmiValues): Record<string, string> {
  const runtime = createScormRuntime(version, {}, { commit: () => undefined });
  runtime.initialize();
  const errors: Record<string, string> = {};
  const totalKey = version === '1.2' ? 'cmi.core.total_time' : 'cmi.total_time';
  // Collection entries must arrive in index order, which object keys need not keep.
  const keys = Object.keys(cmi).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const key of keys) {
    const value = cmi[key] as string;
    if (key === totalKey) {
      if (!TOTAL_TIME.test(value)) errors[key] = version === '1.2' ? '405' : '406';
      continue;
    }
    if (runtime.setValue(key, value) !== 'true') errors[key] = runtime.getLastError();
  }
  return errors;
}

export type CmiSummary = {
  completion_status: 'completed' | 'incomplete' | 'not_attempted' | 'unknown';
  success_status: 'passed' | 'failed' | 'unknown';
  /** Raw score as the SCO reported it, with its range. */
  score_raw: number | null;
  score_min: number | null;
  score_max: number | null;
  /** The score on a 0–100 scale (raw within min–max, or scaled), for the gradebook. */
  score_percent: number | null;
  /** 0–100: what the completeness criterion compares with its value. */
  progress: number;
};

const num = (value: string | undefined): number | null =>
  value === undefined || value === '' || !Number.isFinite(Number(value)) ? null : Number(value);
const clamp = (n: number) => Math.max(0, Math.min(100, n));

/** Completion, success, score and progress of a learner's data model. */
export function summarizeCmi(version: ScormVersion, cmi: CmiValues): CmiSummary {
  let completion: CmiSummary['completion_status'];
  let success: CmiSummary['success_status'];
  let raw: number | null;
  let min: number | null;
  let max: number | null;
  let scaled: number | null = null;
  let progress: number | null = null;
  if (version === '1.2') {
    const status = cmi['cmi.core.lesson_status'] ?? '';
    // 1.2 has one status for both: passed and failed are finished attempts.
    completion = ['completed', 'passed', 'failed'].includes(status)
      ? 'completed'
      : status === 'incomplete' || status === 'browsed'
        ? 'incomplete'
        : 'not_attempted';
    success = status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'unknown';
    raw = num(cmi['cmi.core.score.raw']);
    min = num(cmi['cmi.core.score.min']);
    max = num(cmi['cmi.core.score.max']);
  } else {
    const status = cmi['cmi.completion_status'] ?? '';
    completion =
      status === 'completed'
        ? 'completed'
        : status === 'incomplete'
          ? 'incomplete'
          : status === 'not attempted'
            ? 'not_attempted'
            : 'unknown';
    const successStatus = cmi['cmi.success_status'];
    success = successStatus === 'passed' || successStatus === 'failed' ? successStatus : 'unknown';
    raw = num(cmi['cmi.score.raw']);
    min = num(cmi['cmi.score.min']);
    max = num(cmi['cmi.score.max']);
    scaled = num(cmi['cmi.score.scaled']);
    const measure = num(cmi['cmi.progress_measure']);
    progress = measure === null ? null : clamp(Math.round(measure * 100));
  }
  let percent: number | null = null;
  if (scaled !== null) percent = clamp(scaled * 100);
  else if (raw !== null) {
    const low = min ?? 0;
    const high = max ?? 100;
    percent = high > low ? clamp(((raw - low) / (high - low)) * 100) : clamp(raw);
  }
  if (percent !== null) percent = Math.round(percent * 100) / 100;
  return {
    completion_status: completion,
    success_status: success,
    score_raw: raw,
    score_min: min,
    score_max: max,
    score_percent: percent,
    progress: completion === 'completed' ? 100 : (progress ?? 0),
  };
}

/** Whether a learner's progress meets the activity's completeness criterion (value in percent). */
export function meetsCompleteness(progress: number, threshold: number | null): boolean {
  return progress >= (threshold ?? 100);
}
