import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, normalizeLocale, type Locale } from '@lectern/contracts/common/locale';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLocale } from '../i18n/i18n.ts';

const LABEL_KEYS: Record<Locale, 'languages.zhCN' | 'languages.zhTW' | 'languages.enUS'> = {
  'zh-CN': 'languages.zhCN',
  'zh-TW': 'languages.zhTW',
  'en-US': 'languages.enUS',
};

/** `compact` drops the globe and the minimum width, for a phone's top bar. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shared');
  return (
    <Select<Locale>
      aria-label={t('languages.label')}
      value={normalizeLocale(i18n.language)}
      onChange={(locale) => void setLocale(locale)}
      options={LOCALES.map((locale) => ({ value: locale, label: t(LABEL_KEYS[locale]) }))}
      prefix={compact ? undefined : <GlobalOutlined aria-hidden />}
      popupMatchSelectWidth={false}
      style={{ minWidth: compact ? 0 : 140 }}
    />
  );
}
