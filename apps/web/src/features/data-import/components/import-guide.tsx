import { DownloadOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import {
  IMPORT_LIMITS,
  templatePath,
  type ImportExamType,
} from '@lectern/contracts/data-import/data-import.schemas';
import { Alert, Checkbox, Flex, Select, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPoints } from '../../exams/public/subject-labels.ts';
import type { ImportTarget } from '../api/import-target.ts';
import { helpPagePath, offersKnowledgeNodes } from './import-paths.ts';

export interface ImportGuideProps {
  target: ImportTarget;
  /** Points still free in the exam or classroom exam; null while unknown, and always for a library. */
  remainingPoints: number | null;
  /** The exam's total points (100 unless its settings say otherwise). */
  totalPoints: number;
  examType: ImportExamType;
  onExamTypeChange: (type: ImportExamType) => void;
  disabled: boolean;
}

/**
 * What the import page tells before anything is uploaded: the 200-question limit, the points left, the
 * template to start from, the help page, and for exams the paper format.
 */
export function ImportGuide({
  target,
  remainingPoints,
  totalPoints,
  examType,
  onExamTypeChange,
  disabled,
}: ImportGuideProps) {
  const { t, i18n } = useTranslation('data-import');
  const examTypeLabel = useId();
  const [withKnowledgeNodes, setWithKnowledgeNodes] = useState(false);
  const knowledgeNodes = offersKnowledgeNodes(target.belong) && withKnowledgeNodes;

  return (
    <>
      <Alert
        type="info"
        showIcon
        title={t('page.limit', { maximum: IMPORT_LIMITS.subjectsPerImport })}
        description={
          <Flex vertical gap={4}>
            {target.belong !== 'library' && (
              <span>
                {remainingPoints === null
                  ? t('page.pointsRule', { total: formatPoints(totalPoints) })
                  : t('page.remaining', {
                      remaining: formatPoints(remainingPoints),
                      total: formatPoints(totalPoints),
                    })}
              </span>
            )}
            {target.belong === 'classroom' && <span>{t('page.classroomTypes')}</span>}
            {target.isMakeup && <span>{t('page.makeup')}</span>}
          </Flex>
        }
      />
      <Space wrap size={16}>
        <a href={templatePath(target.belong, knowledgeNodes, i18n.language)} download>
          <DownloadOutlined aria-hidden /> {t('page.template')}
        </a>
        {offersKnowledgeNodes(target.belong) && (
          <Checkbox
            checked={withKnowledgeNodes}
            onChange={(event) => setWithKnowledgeNodes(event.target.checked)}
          >
            {t('page.withKnowledgeNodes')}
          </Checkbox>
        )}
        {/* A new tab: following the link must not cost the work on this page. */}
        <Link to={helpPagePath(target.belong, knowledgeNodes)} target="_blank" rel="noopener">
          <QuestionCircleOutlined aria-hidden /> {t('page.help')}
        </Link>
        {target.belong === 'exam' && (
          <Space size={8}>
            <Typography.Text id={examTypeLabel}>{t('page.examType')}</Typography.Text>
            <Select<ImportExamType>
              aria-labelledby={examTypeLabel}
              style={{ width: 160 }}
              value={examType}
              disabled={disabled}
              options={[
                { value: 'standard', label: t('page.examTypes.standard') },
                { value: 'eztest', label: t('page.examTypes.eztest') },
              ]}
              onChange={onExamTypeChange}
            />
          </Space>
        )}
      </Space>
    </>
  );
}
