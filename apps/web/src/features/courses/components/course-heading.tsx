import { theme } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { DeferredTooltip } from '../../../shared/components/deferred-tooltip.tsx';

export interface CourseHeadingProps {
  level: 1 | 2 | 3;
  style?: CSSProperties;
  /** One line, cut with an ellipsis; the whole text shows in a tooltip while it is cut. */
  ellipsis?: boolean;
  children: ReactNode;
}

/**
 * A heading drawn as antd's Typography.Title draws it (the theme's heading colour, weight and line
 * height), without Typography: its copy, edit and ellipsis machinery would add some 9 KB gzipped to the
 * course page's first load (decision 0014).
 */
export function CourseHeading({ level, style, ellipsis = false, children }: CourseHeadingProps) {
  const { token } = theme.useToken();
  const [cut, setCut] = useState(false);
  const Heading = `h${level}` as const;
  const heading = (
    <Heading
      style={{
        marginTop: 0,
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
        wordBreak: 'break-word',
        ...(ellipsis ? { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' } : null),
        ...style,
      }}
      // Measured as the pointer arrives, before the tooltip would open.
      onPointerEnter={
        ellipsis
          ? (event) => setCut(event.currentTarget.scrollWidth > event.currentTarget.clientWidth)
          : undefined
      }
    >
      {children}
    </Heading>
  );
  return ellipsis ? <DeferredTooltip title={cut ? children : undefined}>{heading}</DeferredTooltip> : heading;
}
