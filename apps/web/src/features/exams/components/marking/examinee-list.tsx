import type { MARK_STATUSES } from '@lectern/contracts/exams/marking.schemas';
import { Button, Empty, Flex, Menu, Segmented, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MarkingTarget } from '../../api/list-marking-submissions.ts';

export type MarkStatus = (typeof MARK_STATUSES)[number];
export type MarkFilter = 'all' | 'unmarked' | 'marked';

/** One examinee (or group, in a group exam) in the marking list. */
export interface MarkingEntry {
  key: string;
  target: MarkingTarget;
  name: string;
  detail: string | null;
  status: MarkStatus;
  score: number | null;
}

const STATUS_COLORS: Record<MarkStatus, string> = {
  marked: 'green',
  unmarked: 'orange',
  unsubmitted: 'default',
};

export function filterEntries(entries: readonly MarkingEntry[], filter: MarkFilter): MarkingEntry[] {
  return filter === 'all' ? [...entries] : entries.filter((entry) => entry.status === filter);
}

export interface ExamineeListProps {
  entries: readonly MarkingEntry[];
  filter: MarkFilter;
  onFilter: (filter: MarkFilter) => void;
  selectedKey: string | null;
  onSelect: (entry: MarkingEntry) => void;
  title: string;
}

/** Who there is to mark, filtered by marked/unmarked, with previous/next through the filtered list. */
export function ExamineeList({ entries, filter, onFilter, selectedKey, onSelect, title }: ExamineeListProps) {
  const { t } = useTranslation('exams');
  const shown = filterEntries(entries, filter);
  // Previous/next step through everyone shown: an instructor may open anyone, handed in or not.
  const navigable = shown;
  const submitted = entries.filter((e) => e.status !== 'unsubmitted').length;
  const index = navigable.findIndex((entry) => entry.key === selectedKey);
  const counts = {
    all: entries.length,
    unmarked: entries.filter((e) => e.status === 'unmarked').length,
    marked: entries.filter((e) => e.status === 'marked').length,
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text aria-live="polite">
        {t('marking.submittedCount', { submitted, total: entries.length })}
      </Typography.Text>
      <Segmented<MarkFilter>
        block
        aria-label={t('marking.filter')}
        value={filter}
        onChange={onFilter}
        options={(['all', 'unmarked', 'marked'] as const).map((value) => ({
          value,
          label: t(`marking.filters.${value}`, { count: counts[value] }),
        }))}
      />
      <Flex justify="space-between" gap={8}>
        <Button
          size="small"
          disabled={index <= 0}
          onClick={() => {
            const previous = navigable[index - 1];
            if (previous) onSelect(previous);
          }}
        >
          {t('marking.previous')}
        </Button>
        <Typography.Text type="secondary">
          {index >= 0 ? t('marking.position', { current: index + 1, total: navigable.length }) : null}
        </Typography.Text>
        <Button
          size="small"
          disabled={index >= navigable.length - 1}
          onClick={() => {
            const next = navigable[index + 1];
            if (next) onSelect(next);
          }}
        >
          {t('marking.next')}
        </Button>
      </Flex>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('marking.nobody')} />
      ) : (
        <Menu
          aria-label={title}
          mode="inline"
          selectedKeys={selectedKey ? [selectedKey] : []}
          style={{ borderInlineEnd: 'none', maxHeight: '60vh', overflowY: 'auto' }}
          onClick={({ key }) => {
            const entry = shown.find((e) => e.key === key);
            if (entry) onSelect(entry);
          }}
          items={shown.map((entry) => ({
            key: entry.key,
            label: (
              <Flex justify="space-between" align="center" gap={8}>
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {entry.name}
                  {entry.detail ? <Typography.Text type="secondary"> {entry.detail}</Typography.Text> : null}
                </span>
                <Tag color={STATUS_COLORS[entry.status]} style={{ marginInlineEnd: 0 }}>
                  {t(`marking.status.${entry.status}`)}
                </Tag>
              </Flex>
            ),
          }))}
        />
      )}
    </Flex>
  );
}
