/**
 * The SCORM run-time API (1.2 `window.API`, 2004 `window.API_1484_11`) as one pure factory.
 *
 * It runs in two places from the same source: inside the courseware's sandboxed frame, where the server
 * injects it as text (`String(createScormRuntime)`) because a SCO calls GetValue synchronously and the
 * frame, an opaque origin, cannot call Lectern's API; and on the server, which replays a learner's
 * committed values through it to validate them. That is why it must stay self-contained: no imports, no
 * helpers outside its body, nothing but plain ES2020.
 */

export type ScormVersion = '1.2' | '2004';
export type CmiValues = Record<string, string>;

export type ScormRuntimeHooks = {
  /** Called by Commit and Terminate with every value the SCO may write, and whether the session ended. */
  commit(values: CmiValues, terminated: boolean): void;
};

export type ScormRuntime = {
  initialize(): string;
  terminate(): string;
  getValue(element: string): string;
  setValue(element: string, value: string): string;
  commit(): string;
  getLastError(): string;
  getErrorString(code: string): string;
  getDiagnostic(code: string): string;
  /** The values a SCO may write (what is committed), as they stand now. */
  writable(): CmiValues;
  /** The window-facing API object of the version (API or API_1484_11). */
  api(): Record<string, (...args: string[]) => string>;
};

export function createScormRuntime(
  version: ScormVersion,
  initial: CmiValues,
  hooks: ScormRuntimeHooks,
): ScormRuntime {
  const v12 = version === '1.2';
  // Error codes differ between the versions; one table of the situations, one column per version.
  const E = v12
    ? {
        none: '0',
        general: '101',
        already: '101',
        terminated: '101',
        notInitGet: '301',
        notInitSet: '301',
        notInitCommit: '301',
        afterTermGet: '101',
        afterTermSet: '101',
        afterTermCommit: '101',
        termBeforeInit: '301',
        termAfterTerm: '101',
        argument: '201',
        undefinedElement: '401',
        notImplemented: '401',
        notInitialized: '0',
        readOnly: '403',
        writeOnly: '404',
        typeMismatch: '405',
        outOfRange: '405',
        keyword: '402',
        noChildren: '202',
        noCount: '203',
      }
    : {
        none: '0',
        general: '101',
        already: '103',
        terminated: '104',
        notInitGet: '122',
        notInitSet: '132',
        notInitCommit: '142',
        afterTermGet: '123',
        afterTermSet: '133',
        afterTermCommit: '143',
        termBeforeInit: '112',
        termAfterTerm: '113',
        argument: '201',
        undefinedElement: '401',
        notImplemented: '402',
        notInitialized: '403',
        readOnly: '404',
        writeOnly: '405',
        typeMismatch: '406',
        outOfRange: '407',
        keyword: '401',
        noChildren: '301',
        noCount: '301',
      };
  const MESSAGES: Record<string, string> = {
    '0': 'No error',
    '101': 'General exception',
    '102': 'General initialization failure',
    '103': 'Already initialized',
    '104': 'Content instance terminated',
    '111': 'General termination failure',
    '112': 'Termination before initialization',
    '113': 'Termination after termination',
    '122': 'Retrieve data before initialization',
    '123': 'Retrieve data after termination',
    '132': 'Store data before initialization',
    '133': 'Store data after termination',
    '142': 'Commit before initialization',
    '143': 'Commit after termination',
    '201': v12 ? 'Invalid argument error' : 'General argument error',
    '202': 'Element cannot have children',
    '203': 'Element not an array - cannot have count',
    '301': v12 ? 'Not initialized' : 'General get failure',
    '351': 'General set failure',
    '391': 'General commit failure',
    '401': v12 ? 'Not implemented error' : 'Undefined data model element',
    '402': v12 ? 'Invalid set value, element is a keyword' : 'Unimplemented data model element',
    '403': v12 ? 'Element is read only' : 'Data model element value not initialized',
    '404': v12 ? 'Element is write only' : 'Data model element is read only',
    '405': v12 ? 'Incorrect data type' : 'Data model element is write only',
    '406': 'Data model element type mismatch',
    '407': 'Data model element value out of range',
    '408': 'Data model dependency not established',
  };

  // Value checkers: true when the value is acceptable, 'range' when well-formed but out of range.
  type Check = (value: string) => boolean | 'range';
  const text =
    (max: number): Check =>
    (value) =>
      value.length <= max;
  const oneOf =
    (...allowed: string[]): Check =>
    (value) =>
      allowed.includes(value);
  const decimal =
    (min: number | null, max: number | null, allowEmpty: boolean): Check =>
    (value) => {
      if (value === '') return allowEmpty;
      if (!/^-?\d+(\.\d+)?$/.test(value)) return false;
      const n = Number(value);
      if ((min !== null && n < min) || (max !== null && n > max)) return 'range';
      return true;
    };
  const timespan12: Check = (value) => /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/.test(value);
  const duration2004: Check = (value) =>
    /^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/.test(
      value,
    );
  const any: Check = () => true;

  type Rule = { mode: 'r' | 'w' | 'rw'; check?: Check };
  const rules: Record<string, Rule> = v12
    ? {
        'cmi._version': { mode: 'r' },
        'cmi.core._children': { mode: 'r' },
        'cmi.core.student_id': { mode: 'r' },
        'cmi.core.student_name': { mode: 'r' },
        'cmi.core.lesson_location': { mode: 'rw', check: text(255) },
        'cmi.core.credit': { mode: 'r' },
        'cmi.core.lesson_status': {
          mode: 'rw',
          check: oneOf('passed', 'completed', 'failed', 'incomplete', 'browsed'),
        },
        'cmi.core.entry': { mode: 'r' },
        'cmi.core.score._children': { mode: 'r' },
        'cmi.core.score.raw': { mode: 'rw', check: decimal(0, 100, true) },
        'cmi.core.score.min': { mode: 'rw', check: decimal(0, 100, true) },
        'cmi.core.score.max': { mode: 'rw', check: decimal(0, 100, true) },
        'cmi.core.total_time': { mode: 'r' },
        'cmi.core.lesson_mode': { mode: 'r' },
        'cmi.core.exit': { mode: 'w', check: oneOf('time-out', 'suspend', 'logout', '') },
        'cmi.core.session_time': { mode: 'w', check: timespan12 },
        'cmi.suspend_data': { mode: 'rw', check: text(4096) },
        'cmi.launch_data': { mode: 'r' },
        'cmi.comments': { mode: 'rw', check: text(4096) },
        'cmi.comments_from_lms': { mode: 'r' },
        'cmi.student_data._children': { mode: 'r' },
        'cmi.student_data.mastery_score': { mode: 'r' },
        'cmi.student_data.max_time_allowed': { mode: 'r' },
        'cmi.student_data.time_limit_action': { mode: 'r' },
        'cmi.student_preference._children': { mode: 'r' },
        'cmi.student_preference.audio': { mode: 'rw', check: decimal(-1, 100, false) },
        'cmi.student_preference.language': { mode: 'rw', check: text(255) },
        'cmi.student_preference.speed': { mode: 'rw', check: decimal(-100, 100, false) },
        'cmi.student_preference.text': { mode: 'rw', check: decimal(-1, 1, false) },
      }
    : {
        'cmi._version': { mode: 'r' },
        'cmi.learner_id': { mode: 'r' },
        'cmi.learner_name': { mode: 'r' },
        'cmi.credit': { mode: 'r' },
        'cmi.entry': { mode: 'r' },
        'cmi.mode': { mode: 'r' },
        'cmi.launch_data': { mode: 'r' },
        'cmi.total_time': { mode: 'r' },
        'cmi.completion_threshold': { mode: 'r' },
        'cmi.scaled_passing_score': { mode: 'r' },
        'cmi.max_time_allowed': { mode: 'r' },
        'cmi.time_limit_action': { mode: 'r' },
        'cmi.location': { mode: 'rw', check: text(1000) },
        'cmi.completion_status': {
          mode: 'rw',
          check: oneOf('completed', 'incomplete', 'not attempted', 'unknown'),
        },
        'cmi.success_status': { mode: 'rw', check: oneOf('passed', 'failed', 'unknown') },
        'cmi.progress_measure': { mode: 'rw', check: decimal(0, 1, false) },
        'cmi.score._children': { mode: 'r' },
        'cmi.score.scaled': { mode: 'rw', check: decimal(-1, 1, false) },
        'cmi.score.raw': { mode: 'rw', check: decimal(null, null, false) },
        'cmi.score.min': { mode: 'rw', check: decimal(null, null, false) },
        'cmi.score.max': { mode: 'rw', check: decimal(null, null, false) },
        'cmi.exit': { mode: 'w', check: oneOf('time-out', 'suspend', 'logout', 'normal', '') },
        'cmi.session_time': { mode: 'w', check: duration2004 },
        'cmi.suspend_data': { mode: 'rw', check: text(64000) },
        'cmi.learner_preference._children': { mode: 'r' },
        'cmi.learner_preference.audio_level': { mode: 'rw', check: decimal(0, null, false) },
        'cmi.learner_preference.language': { mode: 'rw', check: text(250) },
        'cmi.learner_preference.delivery_speed': { mode: 'rw', check: decimal(0, null, false) },
        'cmi.learner_preference.audio_captioning': { mode: 'rw', check: oneOf('-1', '0', '1') },
        'adl.nav.request': { mode: 'rw', check: text(4000) },
      };
  // Interactions and objectives are collections: cmi.interactions.N.field, kept with their own _count.
  const collections = ['cmi.interactions', 'cmi.objectives'];
  const collectionValueLimit = v12 ? 4096 : 64000;

  const values: CmiValues = {};
  for (const key of Object.keys(initial)) values[key] = String(initial[key]);
  let state: 'new' | 'running' | 'terminated' = 'new';
  let lastError = E.none;

  function fail(code: string): string {
    lastError = code;
    return 'false';
  }
  /** A failed GetValue answers the empty string. */
  function miss(code: string): string {
    lastError = code;
    return '';
  }
  function ok(result: string): string {
    lastError = E.none;
    return result;
  }
  function collectionOf(element: string): { base: string; index: number; field: string } | null {
    for (const base of collections) {
      if (!element.startsWith(base + '.')) continue;
      const match = /^(\d+)\.(.+)$/.exec(element.slice(base.length + 1));
      if (!match) return null;
      return { base, index: Number(match[1]), field: match[2] as string };
    }
    return null;
  }
  function countOf(base: string): number {
    let count = 0;
    while (Object.keys(values).some((key) => key.startsWith(base + '.' + count + '.'))) count += 1;
    return count;
  }

  function getValue(element: string): string {
    if (state === 'new') return miss(E.notInitGet);
    if (state === 'terminated') return miss(E.afterTermGet);
    if (typeof element !== 'string' || element === '') return miss(v12 ? E.argument : E.noChildren);
    for (const base of collections) {
      if (element === base + '._count') return ok(String(countOf(base)));
      if (element === base + '._children') {
        return ok(base === 'cmi.interactions' ? 'id,type,result,latency,timestamp' : 'id,score,status');
      }
    }
    if (collectionOf(element)) {
      return element in values ? ok(values[element] as string) : miss(E.notInitialized);
    }
    const rule = rules[element];
    if (!rule) {
      if (element.endsWith('._children')) return miss(E.noChildren);
      if (element.endsWith('._count')) return miss(E.noCount);
      return miss(E.undefinedElement);
    }
    if (rule.mode === 'w') return miss(E.writeOnly);
    if (element.endsWith('._children')) {
      const prefix = element.slice(0, -'_children'.length);
      const children = Object.keys(rules)
        .filter((key) => key.startsWith(prefix) && !key.slice(prefix.length).includes('.'))
        .map((key) => key.slice(prefix.length))
        .filter((key) => key !== '_children');
      return ok(children.join(','));
    }
    if (element === 'cmi._version') return ok(v12 ? '3.4' : '1.0');
    return ok(values[element] ?? '');
  }

  function setValue(element: string, value: string): string {
    if (state === 'new') return fail(E.notInitSet);
    if (state === 'terminated') return fail(E.afterTermSet);
    if (typeof element !== 'string' || element === '') return fail(v12 ? E.argument : '351');
    const stringValue = value === undefined || value === null ? '' : String(value);
    if (element.endsWith('._count') || element.endsWith('._children') || element.endsWith('._version')) {
      return fail(rules[element] || collections.some((b) => element.startsWith(b)) ? E.readOnly : E.keyword);
    }
    const item = collectionOf(element);
    if (item) {
      // Entries are appended in order: N may be an existing entry or the next one, never a gap.
      if (item.index > countOf(item.base)) return fail(v12 ? E.argument : '351');
      if (stringValue.length > collectionValueLimit) return fail(E.typeMismatch);
      values[element] = stringValue;
      return ok('true');
    }
    const rule = rules[element];
    if (!rule) return fail(E.undefinedElement);
    if (rule.mode === 'r') return fail(E.readOnly);
    const verdict = (rule.check ?? any)(stringValue);
    if (verdict === 'range') return fail(E.outOfRange);
    if (!verdict) return fail(E.typeMismatch);
    values[element] = stringValue;
    return ok('true');
  }

  function writable(): CmiValues {
    const out: CmiValues = {};
    for (const key of Object.keys(values)) {
      const rule = rules[key];
      // total_time is read-only to the SCO but kept up to date by Terminate, so it travels too.
      const kept = key === 'cmi.core.total_time' || key === 'cmi.total_time';
      if ((rule && rule.mode !== 'r') || kept || collectionOf(key)) out[key] = values[key] as string;
    }
    return out;
  }

  function seconds(span: string): number {
    if (v12) {
      const parts = span.split(':');
      return Number(parts[0]) * 3600 + Number(parts[1]) * 60 + Number(parts[2]);
    }
    const m =
      /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
        span,
      );
    if (!m) return 0;
    const n = (i: number) => Number(m[i] ?? 0);
    return n(1) * 31536000 + n(2) * 2592000 + n(3) * 86400 + n(4) * 3600 + n(5) * 60 + n(6);
  }
  function span(total: number): string {
    const whole = Math.floor(total);
    const h = Math.floor(whole / 3600);
    const m = Math.floor((whole % 3600) / 60);
    const s = whole % 60;
    if (v12)
      return String(h).padStart(4, '0') + ':' + String(m).padStart(2, '0') + ':' + String(s).padStart(2, '0');
    return 'PT' + h + 'H' + m + 'M' + s + 'S';
  }

  function send(terminated: boolean): void {
    try {
      hooks.commit(writable(), terminated);
    } catch {
      // A failed hand-over must not break the SCO; the next Commit sends everything again.
    }
  }

  function initialize(): string {
    if (state === 'running') return fail(E.already);
    if (state === 'terminated') return fail(E.terminated);
    state = 'running';
    return ok('true');
  }
  function terminate(): string {
    if (state === 'new') return fail(E.termBeforeInit);
    if (state === 'terminated') return fail(E.termAfterTerm);
    // The session's time joins the total the learner is shown next time (read-only to the SCO).
    const sessionKey = v12 ? 'cmi.core.session_time' : 'cmi.session_time';
    const totalKey = v12 ? 'cmi.core.total_time' : 'cmi.total_time';
    const session = values[sessionKey];
    if (session) {
      values[totalKey] = span(seconds(values[totalKey] ?? '') + seconds(session));
      Reflect.deleteProperty(values, sessionKey);
    }
    state = 'terminated';
    send(true);
    return ok('true');
  }
  function commit(): string {
    if (state === 'new') return fail(E.notInitCommit);
    if (state === 'terminated') return fail(E.afterTermCommit);
    send(false);
    return ok('true');
  }

  const runtime: ScormRuntime = {
    initialize,
    terminate,
    getValue,
    setValue,
    commit,
    getLastError: () => lastError,
    getErrorString: (code) => MESSAGES[String(code)] ?? '',
    getDiagnostic: (code) => MESSAGES[String(code === '' || code === undefined ? lastError : code)] ?? '',
    writable,
    api: (): Record<string, (...args: string[]) => string> =>
      v12
        ? {
            LMSInitialize: () => initialize(),
            LMSFinish: () => terminate(),
            LMSGetValue: (element: string) => getValue(element),
            LMSSetValue: (element: string, value: string) => setValue(element, value),
            LMSCommit: () => commit(),
            LMSGetLastError: () => lastError,
            LMSGetErrorString: (code: string) => runtime.getErrorString(code),
            LMSGetDiagnostic: (code: string) => runtime.getDiagnostic(code),
          }
        : {
            Initialize: () => initialize(),
            Terminate: () => terminate(),
            GetValue: (element: string) => getValue(element),
            SetValue: (element: string, value: string) => setValue(element, value),
            Commit: () => commit(),
            GetLastError: () => lastError,
            GetErrorString: (code: string) => runtime.getErrorString(code),
            GetDiagnostic: (code: string) => runtime.getDiagnostic(code),
          },
  };
  return runtime;
}
