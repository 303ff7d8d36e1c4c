import { DISCUSSION_LIMITS } from '@lectern/contracts/discussions/discussions.schemas';
import { Pagination } from 'antd';

const PAGE_SIZE_OPTIONS = DISCUSSION_LIMITS.pageSizes.map(String);

export interface PostsPagerProps {
  page: number;
  pageSize: number;
  total: number | undefined;
  onChange: (page: number, pageSize: number) => void;
}

/**
 * The pager under comment and topic lists: the spec's page sizes, back to page 1 when the size changes,
 * and none at all when everything fits one page at the smallest size.
 */
export function PostsPager({ page, pageSize, total, onChange }: PostsPagerProps) {
  if (total === undefined || total <= DISCUSSION_LIMITS.pageSizes[0]) return null;
  return (
    <Pagination
      current={page}
      pageSize={pageSize}
      total={total}
      showSizeChanger
      pageSizeOptions={PAGE_SIZE_OPTIONS}
      onChange={(nextPage, nextSize) => onChange(nextSize === pageSize ? nextPage : 1, nextSize)}
      style={{ alignSelf: 'flex-end' }}
    />
  );
}
