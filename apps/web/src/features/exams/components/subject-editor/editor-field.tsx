import { Form } from 'antd';
import type { ReactNode } from 'react';

export interface EditorFieldProps {
  label?: ReactNode;
  /** The input's id, so the label names it. */
  htmlFor?: string;
  error?: string | undefined;
  extra?: ReactNode;
  /** Lets a test (and a screen reader, via aria-describedby) find the message of this field. */
  errorId?: string;
  /** Inside a row: no space below unless a message shows. */
  compact?: boolean;
  children: ReactNode;
}

/**
 * One labelled editor input with its message underneath. The editor's state is its own (nested rows
 * move and appear freely), so this only borrows antd's form layout, not its form store.
 */
export function EditorField({ label, htmlFor, error, extra, errorId, compact, children }: EditorFieldProps) {
  return (
    <Form.Item
      label={label}
      htmlFor={htmlFor}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={errorId}>{error}</span> : undefined}
      extra={extra}
      style={compact ? { marginBottom: 0 } : undefined}
    >
      {children}
    </Form.Item>
  );
}

/** A message about a whole list (options, blanks, pairs, sub-questions), shown below its rows. */
export function ListError({ error, id }: { error: string | undefined; id?: string }) {
  if (!error) return null;
  return (
    <div
      id={id}
      role="alert"
      className="ant-form-item-explain-error"
      style={{ color: 'var(--ant-color-error)' }}
    >
      {error}
    </div>
  );
}

/** The heading of a list of rows inside the editor. */
export function ListLabel({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <div id={id} style={{ fontWeight: 500, marginBottom: 8 }}>
      {children}
    </div>
  );
}
