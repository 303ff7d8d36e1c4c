import {
  conditionMax,
  roundScore,
  scoreFromSelection,
  type RubricChoice,
} from '@lectern/contracts/rubrics/rubric.rules';
import type { Rubric, RubricScoreSelection } from '@lectern/contracts/rubrics/rubric.schemas';
import { App, Button, Flex, Modal, Radio, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 000 addendum: the rubric score dialog is 1080 wide. */
export const RUBRIC_SCORE_WIDTH = 1080;

/** What OK hands back: the chosen level of every criterion, and the score they add up to. */
export interface RubricScoreResult {
  rubric_score: RubricScoreSelection;
  score: number;
}

export interface RubricScoreDialogProps {
  open: boolean;
  /** The homework's rubric (only its name and criteria are read). */
  rubric: Pick<Rubric, 'name' | 'conditions'>;
  /** The selection given before, to start from (e.g. the submission's `rubric_score`). */
  value?: RubricScoreSelection | null;
  /** Only shows the selection: no choosing, no OK (e.g. a simulating instructor, or a student). */
  readOnly?: boolean;
  /**
   * OK with a level chosen for every criterion. A returned promise keeps OK busy until it settles;
   * the caller closes the dialog.
   */
  onOk: (result: RubricScoreResult) => unknown;
  onClose: () => void;
}

/** Marks with a rubric: one rating per criterion (radio cards); their sum fills the score. */
export function RubricScoreDialog({ open, rubric, value, readOnly, onOk, onClose }: RubricScoreDialogProps) {
  const { t } = useTranslation('rubrics');
  return (
    <Modal
      open={open}
      width={RUBRIC_SCORE_WIDTH}
      title={t('score.title', { name: rubric.name })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <ScoreBody rubric={rubric} value={value} readOnly={readOnly ?? false} onOk={onOk} onClose={onClose} />
    </Modal>
  );
}

function ScoreBody({
  rubric,
  value,
  readOnly,
  onOk,
  onClose,
}: Omit<RubricScoreDialogProps, 'open' | 'readOnly'> & { readOnly: boolean }) {
  const { t } = useTranslation('rubrics');
  const { t: tShared } = useTranslation('shared');
  const { message } = App.useApp();
  // Condition index → chosen level index; a stale choice (a level no longer there) is dropped.
  const [chosen, setChosen] = useState<ReadonlyMap<number, number>>(
    () =>
      new Map(
        (value ?? [])
          .filter((c) => rubric.conditions[c.condition_index]?.levels[c.level_index] !== undefined)
          .map((c) => [c.condition_index, c.level_index]),
      ),
  );
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  // Each criterion's radios form their own group, also when two dialogs are open at once.
  const nameBase = useId();

  const selection: RubricChoice[] = [...chosen.entries()]
    .sort(([a], [b]) => a - b)
    .map(([condition_index, level_index]) => ({ condition_index, level_index }));
  const partial = roundScore(
    selection.reduce(
      (sum, c) => sum + (rubric.conditions[c.condition_index]?.levels[c.level_index]?.score ?? 0),
      0,
    ),
  );
  const complete = chosen.size === rubric.conditions.length;

  const choose = (conditionIndex: number, levelIndex: number) => {
    setChosen((current) => new Map(current).set(conditionIndex, levelIndex));
    setMissing((current) => {
      if (!current.has(conditionIndex)) return current;
      const next = new Set(current);
      next.delete(conditionIndex);
      return next;
    });
  };

  const ok = async () => {
    const result = scoreFromSelection(rubric, selection);
    if (result.kind !== 'complete') {
      // The equivalent of 'homework.notAllRubricSelected'.
      if (result.kind === 'incomplete') setMissing(new Set(result.missing));
      void message.error(t('score.notAllSelected'));
      return;
    }
    setBusy(true);
    try {
      await onOk({ rubric_score: selection, score: result.score });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Flex vertical gap={12} style={{ maxHeight: '60vh', overflowY: 'auto' }}>
        {rubric.conditions.map((condition, ci) => (
          <Flex
            key={ci}
            gap={16}
            wrap
            style={{
              padding: 12,
              border: `1px solid ${missing.has(ci) ? 'var(--ant-color-error)' : 'var(--ant-color-border-secondary)'}`,
              borderRadius: 8,
            }}
          >
            <div style={{ flex: '0 0 220px', minWidth: 0 }}>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                {condition.name}
              </Typography.Text>
              <Typography.Paragraph type="secondary" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {condition.description}
              </Typography.Paragraph>
              <Typography.Text type="secondary">
                {t('score.max', { score: conditionMax(condition) })}
              </Typography.Text>
              {missing.has(ci) && (
                <div role="alert" style={{ color: 'var(--ant-color-error)' }}>
                  {t('score.missing')}
                </div>
              )}
            </div>
            <Radio.Group
              aria-label={t('score.criterionGroup', { name: condition.name })}
              name={`${nameBase}-${ci}`}
              value={chosen.get(ci) ?? null}
              disabled={readOnly || busy}
              onChange={(e) => choose(ci, e.target.value as number)}
              style={{ flex: '1 1 400px', minWidth: 0 }}
            >
              <Flex wrap gap={8}>
                {condition.levels.map((level, li) => {
                  const selected = chosen.get(ci) === li;
                  return (
                    <Radio
                      key={li}
                      value={li}
                      style={{
                        width: 180,
                        marginInlineEnd: 0,
                        padding: 8,
                        borderRadius: 6,
                        border: `1px solid ${selected ? 'var(--ant-color-primary)' : 'var(--ant-color-border)'}`,
                        background: selected ? 'var(--ant-color-primary-bg)' : undefined,
                      }}
                    >
                      <Typography.Text strong>{t('score.points', { score: level.score })}</Typography.Text>
                      <br />
                      <Typography.Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {level.description}
                      </Typography.Text>
                    </Radio>
                  );
                })}
              </Flex>
            </Radio.Group>
          </Flex>
        ))}
      </Flex>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 16 }}>
        <Typography.Text strong aria-live="polite" data-testid="rubric-score-total">
          {complete
            ? t('score.total', { total: partial })
            : t('score.partialTotal', {
                total: partial,
                chosen: chosen.size,
                count: rubric.conditions.length,
              })}
        </Typography.Text>
        <Flex gap={8}>
          <Button onClick={onClose} disabled={busy}>
            {tShared('actions.cancel')}
          </Button>
          {!readOnly && (
            <Button type="primary" loading={busy} onClick={() => void ok()}>
              {t('actions.ok')}
            </Button>
          )}
        </Flex>
      </Flex>
    </>
  );
}
