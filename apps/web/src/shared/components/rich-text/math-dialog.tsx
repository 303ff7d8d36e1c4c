import type { Editor } from '@tiptap/react';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadKatex, texToMathml } from './katex-loader.ts';

/** The formula being written: a new one at the cursor (pos null) or the equation at `pos`. */
export interface MathTarget {
  pos: number | null;
  /** Null for MathML imported without LaTeX (Word): shown, not editable as source. */
  tex: string | null;
  display: boolean;
}

type Katex = Awaited<ReturnType<typeof loadKatex>>;

export interface MathDialogProps {
  editor: Editor;
  target: MathTarget | null;
  onClose: () => void;
}

/** LaTeX in, a live KaTeX preview, MathML with the LaTeX kept out (see katex-loader.ts). */
export function MathDialog({ editor, target, onClose }: MathDialogProps) {
  // Mounted per opening, so it starts from the formula being edited each time.
  return target ? <OpenMathDialog editor={editor} target={target} onClose={onClose} /> : null;
}

function OpenMathDialog({ editor, target, onClose }: MathDialogProps & { target: MathTarget }) {
  const { t } = useTranslation('shared');
  const [katex, setKatex] = useState<{ lib: Katex } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tex, setTex] = useState(target.tex ?? '');
  const [display, setDisplay] = useState(target.display);

  useEffect(() => {
    let live = true;
    void loadKatex().then(
      (lib) => live && setKatex({ lib }),
      (error: unknown) => live && setLoadError(String(error)),
    );
    return () => {
      live = false;
    };
  }, []);

  // The preview and the validation are the same KaTeX run: what previews is what will be stored.
  const preview = useMemo(() => {
    if (!katex || !tex.trim()) return { html: '', mathml: null, error: null };
    try {
      const mathml = texToMathml(katex.lib, tex.trim(), display);
      const html = katex.lib.renderToString(tex.trim(), { displayMode: display, trust: false });
      return { html, mathml, error: null };
    } catch (error) {
      return { html: '', mathml: null, error: error instanceof Error ? error.message : String(error) };
    }
  }, [katex, tex, display]);
  const error = preview.error ?? loadError;

  function apply() {
    if (target.tex === null || preview.mathml === null) return;
    const attrs = { mathml: preview.mathml, tex: tex.trim(), display };
    const chain = editor.chain().focus();
    if (target.pos === null) {
      chain.insertContent({ type: 'math', attrs }).run();
    } else {
      const pos = target.pos;
      chain
        .command(({ tr }) => {
          tr.setNodeMarkup(pos, undefined, attrs);
          return true;
        })
        .run();
    }
    onClose();
  }

  const readOnly = target.tex === null;

  return (
    <Modal
      title={t('richText.mathTitle')}
      open
      onCancel={onClose}
      onOk={apply}
      okText={t('richText.ok')}
      cancelText={t('richText.cancel')}
      okButtonProps={{ disabled: readOnly || preview.mathml === null }}
      destroyOnHidden
    >
      {readOnly ? (
        <Alert type="info" showIcon title={t('richText.mathReadOnly')} />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('richText.mathTex')} htmlFor="rich-text-math-tex">
            <Input.TextArea
              id="rich-text-math-tex"
              autoFocus
              value={tex}
              spellCheck={false}
              placeholder="\frac{a}{b}"
              autoSize={{ minRows: 2, maxRows: 8 }}
              onChange={(event) => setTex(event.target.value)}
            />
          </Form.Item>
          <Form.Item>
            <Checkbox checked={display} onChange={(event) => setDisplay(event.target.checked)}>
              {t('richText.mathDisplay')}
            </Checkbox>
          </Form.Item>
          <Form.Item label={t('richText.mathPreview')}>
            {/* KaTeX's own markup from the LaTeX typed here, with trust off: no links or raw HTML. */}
            <div
              className="rich-text-math-preview"
              aria-live="polite"
              dangerouslySetInnerHTML={{ __html: preview.html }}
            />
          </Form.Item>
          {error && <Alert type="error" showIcon title={t('richText.mathInvalid', { message: error })} />}
        </Form>
      )}
    </Modal>
  );
}
