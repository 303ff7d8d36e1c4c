import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { VOTE_LIMITS, optionLetter } from '@lectern/contracts/votes/vote-options';
import { Button, Flex, Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Vote settings inside the activity form (an antd Form); values live under the `vote` name. The voting
 * window is the activity's own start and end time, edited above these fields. Loaded only when the
 * instructor picks the vote type.
 */
export function VoteSettingsFields() {
  const { t } = useTranslation('votes');
  return (
    <>
      <Form.Item
        name={['vote', 'topic']}
        label={t('settings.topic')}
        extra={t('settings.windowHint')}
        rules={[{ max: VOTE_LIMITS.topicMax }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('settings.topicPlaceholder')} />
      </Form.Item>
      <Form.Item name={['vote', 'vote_type']} label={t('settings.voteType')}>
        <Radio.Group
          options={[
            { value: 'single', label: t('settings.single') },
            { value: 'multiple', label: t('settings.multiple') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name={['vote', 'is_anonymous']}
        label={t('settings.anonymous')}
        valuePropName="checked"
        extra={t('settings.anonymousHint')}
      >
        <Switch />
      </Form.Item>
      <Form.List
        name={['vote', 'options']}
        rules={[
          {
            validator: async (_rule, options: string[] | undefined) => {
              if ((options ?? []).length < VOTE_LIMITS.optionsMin) {
                throw new Error(t('settings.optionsTooFew', { min: VOTE_LIMITS.optionsMin }));
              }
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Form.Item label={t('settings.options')} required>
            <Flex vertical gap={8}>
              {fields.map((field, index) => {
                const letter = optionLetter(index);
                return (
                  <Flex key={field.key} gap={8} align="start">
                    <Form.Item
                      name={field.name}
                      style={{ flex: 1, marginBottom: 0 }}
                      rules={[
                        { required: true, whitespace: true, message: t('settings.optionRequired') },
                        { max: VOTE_LIMITS.optionTextMax },
                      ]}
                    >
                      <Input
                        aria-label={t('settings.option', { letter })}
                        prefix={`${letter}.`}
                        maxLength={VOTE_LIMITS.optionTextMax}
                        autoComplete="off"
                      />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={t('settings.removeOption', { letter })}
                      disabled={fields.length <= VOTE_LIMITS.optionsMin}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                );
              })}
              <Button
                type="dashed"
                icon={<PlusOutlined aria-hidden />}
                disabled={fields.length >= VOTE_LIMITS.optionsMax}
                onClick={() => add('')}
              >
                {t('settings.addOption')}
              </Button>
              <Form.ErrorList errors={errors} />
            </Flex>
          </Form.Item>
        )}
      </Form.List>
    </>
  );
}
