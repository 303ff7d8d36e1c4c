import { waitFor } from '@testing-library/react';

function openDialogs(title: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter(
    (d) => d.querySelector('.ant-modal-title, .ant-modal-confirm-title')?.textContent === title,
  );
}

/**
 * The open antd dialog with this title. Found by its title text rather than by role and accessible name:
 * role queries over antd's large DOM can outlast the wait on a busy machine.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const [dialog] = openDialogs(title);
    if (!dialog) throw new Error(`No open dialog titled "${title}"`);
    return dialog;
  });
}

/** Waits until no dialog with this title is left (closing ones included). */
export async function waitForDialogGone(title: string): Promise<void> {
  await waitFor(() => {
    if (openDialogs(title).length > 0) throw new Error(`The dialog "${title}" is still open`);
  });
}
