import { describe, expect, it, vi } from 'vitest';
import { createScormRuntime, type ScormRuntime } from './scorm-runtime.ts';

const started = (version: '1.2' | '2004', initial = {}, commit = vi.fn()): ScormRuntime => {
  const runtime = createScormRuntime(version, initial, { commit });
  expect(runtime.initialize()).toBe('true');
  return runtime;
};

describe('SCORM 1.2 run-time', () => {
  it('refuses calls before LMSInitialize and after LMSFinish with 301 / 101', () => {
    const runtime = createScormRuntime('1.2', {}, { commit: vi.fn() });
    expect(runtime.getValue('cmi.core.lesson_status')).toBe('');
    expect(runtime.getLastError()).toBe('301');
    expect(runtime.setValue('cmi.suspend_data', 'x')).toBe('false');
    expect(runtime.initialize()).toBe('true');
    expect(runtime.terminate()).toBe('true');
    expect(runtime.commit()).toBe('false');
    expect(runtime.getLastError()).toBe('101');
  });

  it('reads initial values, keeps writes and reports element errors', () => {
    const runtime = started('1.2', {
      'cmi.core.student_name': 'Ada',
      'cmi.core.lesson_status': 'not attempted',
    });
    expect(runtime.getValue('cmi.core.student_name')).toBe('Ada');
    expect(runtime.setValue('cmi.core.student_name', 'Eve')).toBe('false');
    expect(runtime.getLastError()).toBe('403');
    expect(runtime.setValue('cmi.core.lesson_status', 'done')).toBe('false');
    expect(runtime.getLastError()).toBe('405');
    expect(runtime.setValue('cmi.core.lesson_status', 'passed')).toBe('true');
    expect(runtime.getLastError()).toBe('0');
    expect(runtime.getValue('cmi.core.session_time')).toBe('');
    expect(runtime.getLastError()).toBe('404');
    expect(runtime.setValue('cmi.suspend_data', 'x'.repeat(4096))).toBe('true');
    expect(runtime.setValue('cmi.suspend_data', 'x'.repeat(4097))).toBe('false');
    expect(runtime.setValue('cmi.core.score.raw', '100.5')).toBe('false');
    expect(runtime.getValue('cmi.core._children')).toContain('lesson_status');
    expect(runtime.getValue('cmi.bogus')).toBe('');
    expect(runtime.getLastError()).toBe('401');
    expect(runtime.getErrorString('405')).toBe('Incorrect data type');
  });

  it('collects interactions in index order with a count', () => {
    const runtime = started('1.2');
    expect(runtime.setValue('cmi.interactions.1.id', 'q2')).toBe('false');
    expect(runtime.setValue('cmi.interactions.0.id', 'q1')).toBe('true');
    expect(runtime.setValue('cmi.interactions.1.id', 'q2')).toBe('true');
    expect(runtime.getValue('cmi.interactions._count')).toBe('2');
  });

  it('commits writable values and adds the session to the total on LMSFinish', () => {
    const commit = vi.fn();
    const runtime = started(
      '1.2',
      { 'cmi.core.total_time': '0001:00:00', 'cmi.core.student_id': 's1' },
      commit,
    );
    runtime.setValue('cmi.core.session_time', '0000:30:15');
    runtime.setValue('cmi.core.exit', 'suspend');
    expect(runtime.commit()).toBe('true');
    expect(commit).toHaveBeenLastCalledWith(
      {
        'cmi.core.total_time': '0001:00:00',
        'cmi.core.session_time': '0000:30:15',
        'cmi.core.exit': 'suspend',
      },
      false,
    );
    expect(runtime.terminate()).toBe('true');
    expect(commit).toHaveBeenLastCalledWith(
      { 'cmi.core.total_time': '0001:30:15', 'cmi.core.exit': 'suspend' },
      true,
    );
  });

  it('exposes the LMS* functions the 1.2 specification names', () => {
    const api = createScormRuntime('1.2', {}, { commit: vi.fn() }).api();
    expect(Object.keys(api).sort()).toEqual([
      'LMSCommit',
      'LMSFinish',
      'LMSGetDiagnostic',
      'LMSGetErrorString',
      'LMSGetLastError',
      'LMSGetValue',
      'LMSInitialize',
      'LMSSetValue',
    ]);
  });
});

describe('SCORM 2004 run-time', () => {
  it('uses the 2004 error codes and value ranges', () => {
    const runtime = createScormRuntime('2004', {}, { commit: vi.fn() });
    expect(runtime.getValue('cmi.location')).toBe('');
    expect(runtime.getLastError()).toBe('122');
    runtime.initialize();
    expect(runtime.initialize()).toBe('false');
    expect(runtime.getLastError()).toBe('103');
    expect(runtime.setValue('cmi.progress_measure', '1.5')).toBe('false');
    expect(runtime.getLastError()).toBe('407');
    expect(runtime.setValue('cmi.score.scaled', 'high')).toBe('false');
    expect(runtime.getLastError()).toBe('406');
    expect(runtime.setValue('cmi.learner_id', 'x')).toBe('false');
    expect(runtime.getLastError()).toBe('404');
    expect(runtime.setValue('cmi.completion_status', 'completed')).toBe('true');
    expect(runtime.setValue('cmi.session_time', 'PT1H2M3S')).toBe('true');
    expect(runtime.setValue('cmi.session_time', '01:02:03')).toBe('false');
    expect(runtime.setValue('cmi.suspend_data', 'x'.repeat(64000))).toBe('true');
    expect(runtime.setValue('cmi.suspend_data', 'x'.repeat(64001))).toBe('false');
    expect(runtime.terminate()).toBe('true');
    expect(runtime.terminate()).toBe('false');
    expect(runtime.getLastError()).toBe('113');
  });

  it('adds an ISO 8601 session time to the total on Terminate', () => {
    const commit = vi.fn();
    const runtime = started('2004', { 'cmi.total_time': 'PT1H0M0S' }, commit);
    runtime.setValue('cmi.session_time', 'PT30M');
    runtime.terminate();
    expect(commit).toHaveBeenLastCalledWith({ 'cmi.total_time': 'PT1H30M0S' }, true);
  });

  it('is self-contained, so the server can inject its source into the frame', () => {
    const source = String(createScormRuntime);
    const rebuilt = new Function(`return (${source});`)() as typeof createScormRuntime;
    const api = rebuilt('2004', { 'cmi.learner_name': 'Ada' }, { commit: () => undefined }).api();
    expect(api.Initialize!('')).toBe('true');
    expect(api.GetValue!('cmi.learner_name')).toBe('Ada');
  });
});
