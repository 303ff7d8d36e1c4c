import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { UploadReference } from '@lectern/contracts/uploads/upload.schemas';
import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type ReferenceSelectorProps = {
  references: readonly UploadReference[];
  selectedId: number | null;
  onSelect: (referenceId: number) => void;
};

/** Picks one of an activity's files: a list of their names, and previous/next through them in order. */
export function ReferenceSelector({ references, selectedId, onSelect }: ReferenceSelectorProps) {
  const { t } = useTranslation('uploads');
  const index = references.findIndex((reference) => reference.id === selectedId);
  const previous = index > 0 ? references[index - 1] : undefined;
  const next = index >= 0 && index < references.length - 1 ? references[index + 1] : undefined;
  return (
    <Flex role="group" aria-label={t('selector.label')} align="center" gap={8} wrap>
      <Button
        icon={<LeftOutlined aria-hidden />}
        aria-label={t('selector.previous')}
        title={t('selector.previous')}
        disabled={!previous}
        onClick={() => previous && onSelect(previous.id)}
      />
      <Select
        aria-label={t('selector.choose')}
        value={index >= 0 ? selectedId : null}
        placeholder={t('selector.choose')}
        options={references.map((reference) => ({ value: reference.id, label: reference.name }))}
        onChange={(value: number) => onSelect(value)}
        style={{ minWidth: 200, flex: '1 1 240px' }}
      />
      <Button
        icon={<RightOutlined aria-hidden />}
        aria-label={t('selector.next')}
        title={t('selector.next')}
        disabled={!next}
        onClick={() => next && onSelect(next.id)}
      />
      {index >= 0 ? (
        <Typography.Text type="secondary">
          {t('selector.position', { index: index + 1, count: references.length })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
