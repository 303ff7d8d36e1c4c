import { BookOutlined, FileTextOutlined, SearchOutlined } from '@ant-design/icons';
import { SEARCH_LIMITS, searchHitLink, type SearchHit } from '@lectern/contracts/search/search.schemas';
import { AutoComplete, Flex, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSearch } from '../api/search.ts';

const DEBOUNCE_MS = 300;
const MAX_RESULTS = 10;

const optionValue = (hit: Pick<SearchHit, 'kind' | 'id'>) => `${hit.kind}:${hit.id}`;

function HitLabel({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('search');
  const detail =
    hit.kind === 'course'
      ? hit.course_code
      : [hit.course_name, hit.published ? null : t('draft')].filter(Boolean).join(' · ');
  return (
    <Flex gap={8} align="flex-start" style={{ minWidth: 0, maxWidth: 360 }}>
      <span style={{ marginTop: 2 }}>
        {hit.kind === 'course' ? <BookOutlined aria-hidden /> : <FileTextOutlined aria-hidden />}
      </span>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text ellipsis>{hit.title}</Typography.Text>
        {detail ? (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {detail}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}

/**
 * The header's search over the user's courses and their activities (GET /api/search): results in two
 * groups, courses then activities; arrow keys move through them, Enter opens one, Escape closes the list.
 */
export function GlobalSearch({
  onNavigate,
  width = 240,
}: {
  onNavigate?: () => void;
  width?: number | string;
}) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(draft.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const results = useSearch(keyword, MAX_RESULTS);
  const hits = keyword ? (results.data?.items ?? []) : [];

  const group = (kind: SearchHit['kind']) => {
    const members = hits.filter((hit) => hit.kind === kind);
    if (members.length === 0) return [];
    return [
      {
        label: t(kind === 'course' ? 'groups.courses' : 'groups.activities'),
        options: members.map((hit) => ({
          value: optionValue(hit),
          // The option's spoken name; the hidden listbox antd keeps for screen readers would otherwise
          // read out the value ("activity:17").
          'aria-label':
            hit.kind === 'course'
              ? t('courseOption', { title: hit.title })
              : t('activityOption', { title: hit.title, course: hit.course_name }),
          label: <HitLabel hit={hit} />,
        })),
      },
    ];
  };

  const openHit = (value: string) => {
    const hit = hits.find((h) => optionValue(h) === value);
    setDraft('');
    if (!hit) return;
    onNavigate?.();
    void navigate(searchHitLink(hit));
  };

  const options = [...group('course'), ...group('activity')];
  const noMatch = keyword !== '' && results.isSuccess && !results.isPlaceholderData && hits.length === 0;

  return (
    <AutoComplete
      value={draft}
      onChange={setDraft}
      onSelect={openHit}
      options={options}
      // An open list without options is an empty listbox pointing at no option, which screen readers
      // cannot use: "nothing matches" is said in the box instead (and announced), and the list stays shut.
      open={open && options.length > 0}
      onOpenChange={setOpen}
      // Enter opens the first hit at once, and the input always points at a real option while open.
      defaultActiveFirstOption
      popupMatchSelectWidth={false}
      style={{ width }}
    >
      <Input
        role="combobox"
        aria-label={t('label')}
        placeholder={t('placeholder')}
        prefix={<SearchOutlined aria-hidden />}
        suffix={
          <Typography.Text type="secondary" role="status" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {noMatch ? t('empty') : ''}
          </Typography.Text>
        }
        allowClear
        maxLength={SEARCH_LIMITS.keywordMax}
      />
    </AutoComplete>
  );
}
