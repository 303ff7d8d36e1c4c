import { fireEvent, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The open dialog (antd modal or confirm) with this title. Found by its title text rather than by role
 * and accessible name: on a busy machine, role queries over antd's large DOM can outlast the wait.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const dialog = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
        (d) => d.querySelector('.ant-modal-title, .ant-modal-confirm-title')?.textContent === title,
      );
      if (!dialog) throw new Error(`No open dialog titled "${title}"`);
      return dialog;
    },
    { timeout: 30_000 },
  );
}

/**
 * antd's select opens on mouse down; its options are then in a list at the end of the page. Options
 * that arrive with a request (exams of the chosen course) may take a while on a busy machine.
 */
export async function choose(combobox: HTMLElement, optionText: string): Promise<void> {
  fireEvent.mouseDown(combobox);
  const open = await waitFor(
    () => {
      const lists = [
        ...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
      ];
      const last = lists[lists.length - 1];
      if (!last || !within(last).queryByTitle(optionText)) throw new Error(`No option "${optionText}" open`);
      return last;
    },
    { timeout: 20_000 },
  );
  fireEvent.click(within(open).getByTitle(optionText));
}

/** Waits until no dialog with this title is left (closing ones included). */
export async function waitForDialogGone(title: string): Promise<void> {
  await waitFor(
    () => {
      const left = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter(
        (d) => d.querySelector('.ant-modal-title, .ant-modal-confirm-title')?.textContent === title,
      );
      expect(left).toHaveLength(0);
    },
    { timeout: 30_000 },
  );
}
