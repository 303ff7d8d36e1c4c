import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateTimePicker } from './date-time-picker.tsx';
import { setDisplayTimeZone } from './date-time.ts';
import { WithoutAntdStyles } from '../../test/render-app.tsx';

describe('DateTimePicker', () => {
  it('does not submit the surrounding form when Enter confirms a typed date', () => {
    const submitted = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const changed = vi.fn();
    render(
      <form onSubmit={submitted}>
        <label htmlFor="start">Start</label>
        <DateTimePicker id="start" onChange={changed} />
        <button type="submit">Save</button>
      </form>,
      { wrapper: WithoutAntdStyles },
    );
    const input = screen.getByLabelText('Start');
    fireEvent.change(input, { target: { value: '2027-03-01 09:30' } });
    const notCancelled = fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    // A cancelled keydown is what stops the browser's implicit form submission.
    expect(notCancelled).toBe(false);
    expect(submitted).not.toHaveBeenCalled();
  });
});

describe('DateTimePicker in the zone the user chose', () => {
  // The test project runs with TZ=UTC: the browser's zone is UTC, the user's is eight hours ahead.
  beforeEach(() => setDisplayTimeZone('Asia/Shanghai'));
  afterEach(() => {
    setDisplayTimeZone(null);
    vi.useRealTimers();
  });

  function renderPicker(value: string | null, changed = vi.fn()) {
    render(
      <>
        <label htmlFor="due">Due</label>
        <DateTimePicker id="due" value={value} onChange={changed} />
      </>,
      { wrapper: WithoutAntdStyles },
    );
    return { input: screen.getByLabelText<HTMLInputElement>('Due'), changed };
  }

  it('shows a stored instant as the time in that zone', () => {
    const { input } = renderPicker('2027-03-01T20:30:00.000Z');
    expect(input.value).toBe('2027-03-02 04:30');
  });

  it('reads a typed time in that zone and sends the instant as UTC ISO', () => {
    const { input, changed } = renderPicker(null);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '2027-03-02 08:00' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(changed).toHaveBeenLastCalledWith('2027-03-02T00:00:00.000Z');
  });

  it('opens on today in that zone, and Now sends the current instant', () => {
    // 20:00 UTC on 1 March is already 04:00 on 2 March in Shanghai.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-03-01T20:00:00.000Z'));
    const { input, changed } = renderPicker(null);
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    expect(document.querySelector('.ant-picker-cell-today')?.getAttribute('title')).toBe('2027-03-02');
    // Rendered without the app's providers, so the panel speaks antd's default English.
    fireEvent.click(screen.getByText('Now'));
    expect(changed).toHaveBeenLastCalledWith('2027-03-01T20:00:00.000Z');
  });
});
