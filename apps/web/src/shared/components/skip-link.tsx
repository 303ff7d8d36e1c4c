import { theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main';

/**
 * "Skip to main content": the first focusable element of every page, off screen until focused. Focus moves
 * to the main region itself (tabIndex -1 there), so the next Tab continues inside the content rather than in
 * the navigation, and the address does not gain a fragment.
 */
export function SkipLink() {
  const { t } = useTranslation('shared');
  const { token } = theme.useToken();
  const [focused, setFocused] = useState(false);
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView?.();
      }}
      style={{
        position: 'fixed',
        insetInlineStart: 8,
        top: focused ? 8 : -100,
        zIndex: 2000,
        padding: '8px 16px',
        background: token.colorPrimary,
        color: token.colorWhite,
        borderRadius: token.borderRadius,
        fontWeight: token.fontWeightStrong,
        outline: focused ? `2px solid ${token.colorText}` : undefined,
      }}
    >
      {t('layout.skipToContent')}
    </a>
  );
}
