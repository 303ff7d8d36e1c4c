import { FileTextOutlined, LeftOutlined, PaperClipOutlined, RightOutlined } from '@ant-design/icons';
import { HOMEWORK_STATUS_VALUES, type HomeworkStatus } from '@lectern/contracts/homework/homework.rules';
import type {
  HomeworkDetail,
  HomeworkSubmission,
  HomeworkSubmitter,
} from '@lectern/contracts/homework/homework.schemas';
import { Button, Empty, Flex, Modal, Radio, Select, Space, Tag, theme, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { useGroupSubmissions } from '../api/list-group-submissions.ts';
import { useStudentSubmissions } from '../api/list-student-submissions.ts';
import { useSubmitters } from '../api/list-submitters.ts';
import { MarkingPreview } from './marking-preview.tsx';
import {
  filterSubmitters,
  neighbours,
  NO_FILTER,
  statusKey,
  type MarkStatusFilter,
  type SubmittersFilter,
} from './marking-rules.ts';
import { MarkingSidebar } from './marking-sidebar.tsx';
import { ReferenceAnswerButton } from './reference-answer.tsx';

/** Addendum section 2: the left drawer and the right sidebar have fixed widths. */
export const MARKING_DRAWER_WIDTH = 272;
export const MARKING_SIDEBAR_WIDTH = 304;
/** Addendum section 2: the description dialog. */
const DESCRIPTION_WIDTH = 600;

function MarkingColumns({ left, centre, right }: { left: ReactNode; centre: ReactNode; right: ReactNode }) {
  const { t } = useTranslation('homework');
  const { token } = theme.useToken();
  const border = `1px solid ${token.colorBorderSecondary}`;
  return (
    <Flex style={{ height: '100%', width: '100%', minHeight: 0 }}>
      <aside
        data-testid="marking-drawer"
        aria-label={t('marking.dialog.filters')}
        style={{
          width: MARKING_DRAWER_WIDTH,
          flex: `0 0 ${MARKING_DRAWER_WIDTH}px`,
          overflowY: 'auto',
          borderRight: border,
          padding: 12,
        }}
      >
        {left}
      </aside>
      <section
        aria-label={t('marking.preview.label')}
        style={{ flex: 1, minWidth: 0, overflow: 'auto', padding: 16, background: token.colorFillQuaternary }}
      >
        {centre}
      </section>
      <aside
        data-testid="marking-sidebar"
        aria-label={t('marking.score.title')}
        style={{
          width: MARKING_SIDEBAR_WIDTH,
          flex: `0 0 ${MARKING_SIDEBAR_WIDTH}px`,
          overflowY: 'auto',
          borderLeft: border,
          padding: 12,
        }}
      >
        {right}
      </aside>
    </Flex>
  );
}

function DrawerSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} style={{ marginTop: 16 }}>
      <Typography.Text strong id={id} style={{ display: 'block', marginBottom: 8 }}>
        {title}
      </Typography.Text>
      {children}
    </section>
  );
}

interface FiltersProps {
  homework: HomeworkDetail;
  filter: SubmittersFilter;
  onFilter: (filter: SubmittersFilter) => void;
  list: readonly HomeworkSubmitter[];
  current: HomeworkSubmitter | null;
  onChoose: (id: number) => void;
}

/** Mark status, submission statuses, and the submitter with previous/next in the filtered order. */
function MarkingFilters({ homework, filter, onFilter, list, current, onChoose }: FiltersProps) {
  const { t } = useTranslation('homework');
  const statusLabelId = useId();
  const submitterLabelId = useId();
  const { previous, next, index } = neighbours(list, current?.id ?? null);
  const submitterLabel = homework.is_group
    ? t('marking.dialog.submitterGroup')
    : t('marking.dialog.submitter');
  return (
    <Flex vertical gap={12}>
      <Radio.Group
        aria-label={t('marking.markStatus.label')}
        optionType="button"
        buttonStyle="solid"
        value={filter.markStatus}
        onChange={(event) => onFilter({ ...filter, markStatus: event.target.value as MarkStatusFilter })}
        options={(['all', 'unmarked', 'marked'] as const).map((value) => ({
          value,
          label: t(`marking.markStatus.${value}`),
        }))}
        style={{ display: 'flex' }}
      />
      <div>
        <Typography.Text id={statusLabelId} type="secondary">
          {t('marking.dialog.submissionStatus')}
        </Typography.Text>
        <Select<HomeworkStatus[]>
          mode="multiple"
          maxTagCount={2}
          allowClear
          aria-labelledby={statusLabelId}
          placeholder={t('marking.dialog.submissionStatusPlaceholder')}
          value={[...filter.statuses]}
          onChange={(statuses) => onFilter({ ...filter, statuses })}
          options={HOMEWORK_STATUS_VALUES.map((status) => ({
            value: status,
            label: t(`marking.status.${statusKey(status)}`),
          }))}
          style={{ width: '100%' }}
        />
      </div>
      <div>
        <Typography.Text id={submitterLabelId} type="secondary">
          {submitterLabel}
        </Typography.Text>
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          aria-labelledby={submitterLabelId}
          value={current?.id}
          onChange={onChoose}
          notFoundContent={t('marking.dialog.noSubmitters')}
          options={list.map((s) => ({ value: s.id, label: s.user_no ? `${s.name} (${s.user_no})` : s.name }))}
          style={{ width: '100%' }}
        />
        <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
          <Button
            size="small"
            icon={<LeftOutlined aria-hidden />}
            disabled={!previous}
            onClick={() => previous && onChoose(previous.id)}
          >
            {t('marking.dialog.previous')}
          </Button>
          <Typography.Text type="secondary" aria-live="polite">
            {index >= 0 ? t('marking.dialog.position', { position: index + 1, count: list.length }) : ''}
          </Typography.Text>
          <Button
            size="small"
            icon={<RightOutlined aria-hidden />}
            iconPlacement="end"
            disabled={!next}
            onClick={() => next && onChoose(next.id)}
          >
            {t('marking.dialog.next')}
          </Button>
        </Flex>
      </div>
    </Flex>
  );
}

function VersionChoice({
  versions,
  current,
  onChoose,
}: {
  versions: readonly HomeworkSubmission[];
  current: HomeworkSubmission;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation('homework');
  return (
    <Radio.Group
      aria-label={t('marking.dialog.versions')}
      value={current.id}
      onChange={(event) => onChoose(event.target.value as number)}
      style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
    >
      {[...versions].reverse().map((version) => (
        <Radio key={version.id} value={version.id}>
          <Space size={4} wrap>
            <span>{t('marking.dialog.version', { number: version.version })}</span>
            {version.is_late ? <Tag color="orange">{t('marking.status.late')}</Tag> : null}
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {formatDateTime(version.submitted_at)}
          </Typography.Text>
        </Radio>
      ))}
    </Radio.Group>
  );
}

function AttachmentChoice({
  submission,
  currentId,
  onChoose,
}: {
  submission: HomeworkSubmission;
  currentId: number | null;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation('homework');
  if (submission.uploads.length === 0) {
    return <Typography.Text type="secondary">{t('marking.dialog.noAttachments')}</Typography.Text>;
  }
  return (
    <ul aria-label={t('marking.dialog.attachments')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {submission.uploads.map((upload) => (
        <li key={upload.id}>
          <Button
            type={upload.id === currentId ? 'primary' : 'text'}
            ghost={upload.id === currentId}
            aria-pressed={upload.id === currentId}
            icon={<PaperClipOutlined aria-hidden />}
            onClick={() => onChoose(upload.id)}
            block
            style={{ justifyContent: 'flex-start', overflow: 'hidden' }}
          >
            <Typography.Text ellipsis style={{ color: 'inherit' }}>
              {upload.name}
            </Typography.Text>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** One submitter's versions, attachments, preview and marking; remounted per submitter. */
function SubmitterWork({
  homework,
  submitter,
  filters,
  simulating,
}: {
  homework: HomeworkDetail;
  submitter: HomeworkSubmitter;
  filters: ReactNode;
  simulating: boolean;
}) {
  const { t } = useTranslation('homework');
  const isGroup = submitter.kind === 'group';
  const students = useStudentSubmissions(homework.id, isGroup ? undefined : submitter.id);
  const groups = useGroupSubmissions(homework.id, isGroup ? submitter.id : undefined);
  const query = isGroup ? groups : students;
  const versions = (query.data?.submissions ?? []).filter((s) => !s.is_draft);
  const [versionId, setVersionId] = useState<number | null>(null);
  const [attachmentId, setAttachmentId] = useState<number | null>(null);
  const submission = versions.find((v) => v.id === versionId) ?? versions.at(-1) ?? null;
  const attachment = submission?.uploads.find((u) => u.id === attachmentId) ?? submission?.uploads[0] ?? null;

  const work = query.isPending ? (
    <LoadingState />
  ) : query.isError ? (
    <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  ) : !submission ? (
    <Typography.Text type="secondary">{t('marking.dialog.noSubmission')}</Typography.Text>
  ) : (
    <>
      <DrawerSection title={t('marking.dialog.versions')}>
        <VersionChoice versions={versions} current={submission} onChoose={setVersionId} />
      </DrawerSection>
      <DrawerSection title={t('marking.dialog.attachments')}>
        <AttachmentChoice
          submission={submission}
          currentId={attachment?.id ?? null}
          onChoose={setAttachmentId}
        />
      </DrawerSection>
    </>
  );

  const centre = submission ? (
    <Flex vertical gap={16}>
      {submission.comment.trim() ? (
        <section aria-label={t('marking.dialog.studentComment')}>
          <Typography.Text type="secondary">{t('marking.dialog.studentComment')}</Typography.Text>
          <RenderedHtml html={submission.comment} />
        </section>
      ) : null}
      <MarkingPreview
        homeworkId={homework.id}
        submissionId={submission.id}
        reference={attachment}
        canAnnotate={homework.permissions.allow_mark && !simulating}
      />
    </Flex>
  ) : (
    <Flex justify="center" align="center" style={{ height: '100%' }}>
      <Empty description={t('marking.dialog.noSubmission')} />
    </Flex>
  );

  return (
    <MarkingColumns
      left={
        <>
          {filters}
          <div style={{ marginTop: 4 }}>{work}</div>
        </>
      }
      centre={centre}
      right={
        <MarkingSidebar
          key={submission?.id ?? 'none'}
          homework={homework}
          submission={submission}
          submitterId={submitter.id}
          simulating={simulating}
        />
      }
    />
  );
}

function MarkingBody({
  homework,
  initialSubmitterId,
  simulating,
}: {
  homework: HomeworkDetail;
  initialSubmitterId: number | null;
  simulating: boolean;
}) {
  const { t } = useTranslation('homework');
  const submitters = useSubmitters(homework.id);
  const [filter, setFilter] = useState<SubmittersFilter>(NO_FILTER);
  const [chosenId, setChosenId] = useState<number | null>(initialSubmitterId);

  if (submitters.isPending) return <LoadingState />;
  if (submitters.isError) {
    return <ErrorState error={submitters.error} onRetry={() => void submitters.refetch()} />;
  }
  const list = filterSubmitters(submitters.data.submitters, filter);
  // A submitter the filter leaves out gives way to the first one it keeps.
  const current = list.find((s) => s.id === chosenId) ?? list[0] ?? null;
  const filters = (
    <MarkingFilters
      homework={homework}
      filter={filter}
      onFilter={setFilter}
      list={list}
      current={current}
      onChoose={setChosenId}
    />
  );
  if (!current) {
    return (
      <MarkingColumns
        left={filters}
        centre={<Empty description={t('marking.dialog.noSubmitters')} />}
        right={null}
      />
    );
  }
  return (
    <SubmitterWork
      key={`${current.kind}-${current.id}`}
      homework={homework}
      submitter={current}
      filters={filters}
      simulating={simulating}
    />
  );
}

function DescriptionButton({ homework }: { homework: HomeworkDetail }) {
  const { t } = useTranslation('homework');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<FileTextOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('marking.dialog.description')}
      </Button>
      <Modal
        open={open}
        width={DESCRIPTION_WIDTH}
        title={t('marking.dialog.descriptionTitle')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {homework.description.trim() ? (
          <RenderedHtml html={homework.description} />
        ) : (
          <Typography.Text type="secondary">{t('marking.dialog.descriptionEmpty')}</Typography.Text>
        )}
      </Modal>
    </>
  );
}

export interface MarkingDialogProps {
  homework: HomeworkDetail;
  open: boolean;
  /** The student (or group) to open at; the first of the list when null or filtered out. */
  submitterId: number | null;
  /** The viewer views the course as a student (scoring and commenting are off). */
  simulating: boolean;
  onClose: () => void;
}

/**
 * Marking one homework, full screen (addendum section 2): the left drawer chooses who and which version
 * and file, the centre shows the file, the right sidebar scores, comments and lists the marker's files.
 */
export function MarkingDialog({ homework, open, submitterId, simulating, onClose }: MarkingDialogProps) {
  const { t } = useTranslation('homework');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width="100vw"
      closable={{ 'aria-label': t('marking.dialog.close') }}
      title={
        <Flex align="center" gap={12} wrap style={{ paddingInlineEnd: 32 }}>
          <span>{t('marking.dialog.title', { title: homework.title })}</span>
          <DescriptionButton homework={homework} />
          <ReferenceAnswerButton homework={homework} />
        </Flex>
      }
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      styles={{
        container: {
          height: '100vh',
          borderRadius: 0,
          padding: 0,
          display: 'flex',
          flexDirection: 'column',
        },
        header: { padding: '12px 16px', margin: 0 },
        body: { flex: 1, minHeight: 0, display: 'flex' },
      }}
    >
      <MarkingBody homework={homework} initialSubmitterId={submitterId} simulating={simulating} />
    </Modal>
  );
}
