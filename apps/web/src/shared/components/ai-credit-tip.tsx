import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MY_AI_CREDITS_PATH, useMyAiCredit } from '../hooks/use-ai-credit.ts';

/**
 * The remaining-credits tip shown next to an AI action (spec 001 section 3). Draws nothing when no model is
 * configured or the balance cannot be read, so a page may always include it; `enabled: false` for users who
 * cannot use AI. Low and empty balances link to the page where more can be requested.
 */
export function AiCreditTip({ enabled = true, compact = false }: { enabled?: boolean; compact?: boolean }) {
  const { t } = useTranslation('shared');
  const credit = useMyAiCredit({ enabled });
  if (!credit.data) return null;
  const { creditRemaining, isLowAirCredit } = credit.data;
  const more = <Link to={MY_AI_CREDITS_PATH}>{t('aiCredit.requestMore')}</Link>;
  if (creditRemaining <= 0) {
    return (
      <Alert type="error" showIcon banner={compact} title={t('aiCredit.none')} action={more} role="status" />
    );
  }
  return (
    <Alert
      type={isLowAirCredit ? 'warning' : 'info'}
      showIcon
      banner={compact}
      title={t(isLowAirCredit ? 'aiCredit.low' : 'aiCredit.remaining', { count: creditRemaining })}
      action={isLowAirCredit ? more : undefined}
      role="status"
    />
  );
}
