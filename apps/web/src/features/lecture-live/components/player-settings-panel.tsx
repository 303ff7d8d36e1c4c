import type { LectureLiveDetail } from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { App, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSetControllerConfig } from '../api/set-controller-config.ts';

/** The teaching team's player settings (controller_config): whether the page's player starts by itself. */
export function PlayerSettingsPanel({ live }: { live: LectureLiveDetail }) {
  const { t } = useTranslation('lecture-live');
  const { message } = App.useApp();
  const save = useSetControllerConfig(live.id);
  const labelId = `lecture-live-autoplay-${live.id}`;
  return (
    <section aria-labelledby={`lecture-live-player-settings-${live.id}`}>
      <Typography.Title level={3} id={`lecture-live-player-settings-${live.id}`} style={{ fontSize: 16 }}>
        {t('playerSettings.title')}
      </Typography.Title>
      <Flex gap={12} align="center">
        <Switch
          aria-labelledby={labelId}
          checked={live.controller_config.autoplay}
          loading={save.isPending}
          onChange={(autoplay) =>
            save.mutate(
              { autoplay },
              {
                onSuccess: () => void message.success(t('playerSettings.saved')),
                onError: (error) => void message.error(error.message),
              },
            )
          }
        />
        <span id={labelId}>{t('playerSettings.autoplay')}</span>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('playerSettings.autoplayHint')}
      </Typography.Paragraph>
    </section>
  );
}
