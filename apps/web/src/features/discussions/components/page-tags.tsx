import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTagCount, pageTagRowStart } from './page-tags.rules.ts';

/** The width of an element, kept up to date as it is resized. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export interface PageTagsProps {
  /** The page whose questions are listed. */
  selected: number;
  onSelect: (page: number) => void;
}

/**
 * Document pages as tags, as many as fit: (panel width - 112) / 90. Previous/next move the row by a whole
 * row of pages; choosing a tag lists that page's questions.
 */
export function PageTags({ selected, onSelect }: PageTagsProps) {
  const { t } = useTranslation('discussions');
  const [ref, width] = useWidth<HTMLDivElement>();
  const count = pageTagCount(width);
  // null: the row holding the selected page. The parent keys this by the selected page, so a new
  // selection (a click, or the reader turning pages) brings its row back.
  const [start, setStart] = useState<number | null>(null);
  const rowStart = start ?? pageTagRowStart(selected, count);
  const pages = Array.from({ length: count }, (_, index) => rowStart + index);

  return (
    <Flex ref={ref} align="center" gap={4} role="group" aria-label={t('pageTags.label')}>
      <Button
        size="small"
        type="text"
        icon={<LeftOutlined aria-hidden />}
        aria-label={t('pageTags.previous')}
        disabled={rowStart <= 1}
        onClick={() => setStart(Math.max(1, rowStart - count))}
      />
      <Flex gap={4} style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        {pages.map((page) => (
          <Tag.CheckableTag
            key={page}
            checked={page === selected}
            onChange={() => onSelect(page)}
            style={{ width: 86, textAlign: 'center', marginInlineEnd: 0 }}
          >
            {t('location.page', { page })}
          </Tag.CheckableTag>
        ))}
      </Flex>
      <Button
        size="small"
        type="text"
        icon={<RightOutlined aria-hidden />}
        aria-label={t('pageTags.next')}
        onClick={() => setStart(rowStart + count)}
      />
    </Flex>
  );
}
