import type { AiPptUsage } from '@lectern/contracts/ai/ai-ppt.schemas';
import type { AiPptUsageRow } from './ai-ppt.repository.ts';

export function presentAiPptUsage(row: AiPptUsageRow): AiPptUsage {
  return {
    user_id: row.userId,
    user_no: row.userNo,
    user_name: row.userName,
    usage_count: row.usageCount,
  };
}
