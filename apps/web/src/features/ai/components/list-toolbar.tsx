import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The keyword search above an administration list; searching goes back to the first page. */
export function ListSearch({
  placeholder,
  onSearch,
}: {
  placeholder: string;
  onSearch: (keyword: string) => void;
}) {
  const { t } = useTranslation('ai');
  return (
    <Input.Search
      allowClear
      placeholder={placeholder}
      aria-label={t('list.search')}
      enterButton={t('list.search')}
      onSearch={(value) => onSearch(value.trim())}
      style={{ maxWidth: 420 }}
    />
  );
}

/** antd pagination for the spec's paged frame (page, pageSize, total, start, end). */
export function pagination(
  frame: { page: number; pageSize: number; total: number; start: number; end: number },
  label: (range: { start: number; end: number; total: number }) => string,
  onChange: (page: number, pageSize: number) => void,
) {
  return {
    current: frame.page,
    pageSize: frame.pageSize,
    total: frame.total,
    showSizeChanger: true,
    showTotal: () => label(frame),
    onChange,
  };
}
