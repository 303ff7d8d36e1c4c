import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateTimePicker } from './date-time-picker.tsx';

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
    );
    const input = screen.getByLabelText('Start');
    fireEvent.change(input, { target: { value: '2027-03-01 09:30' } });
    const notCancelled = fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    // A cancelled keydown is what stops the browser's implicit form submission.
    expect(notCancelled).toBe(false);
    expect(submitted).not.toHaveBeenCalled();
  });
});
