import { BLOOM_LEVELS, type BloomLevel } from '@lectern/contracts/knowledge-graph/bloom-levels';
import { KNOWLEDGE_GRAPH_LIMITS } from '@lectern/contracts/knowledge-graph/knowledge-graph.limits';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { BloomDot } from './bloom-legend.tsx';

export interface KnowledgeNodeFormValues {
  name: string;
  bloom_level: BloomLevel | null;
  description: string;
}

export interface KnowledgeNodeFormModalProps {
  open: boolean;
  title: string;
  initialValues?: KnowledgeNodeFormValues;
  onSubmit: (values: KnowledgeNodeFormValues) => Promise<unknown>;
  onClose: () => void;
}

/** Creates or edits a node: its name, Bloom level and description. */
export function KnowledgeNodeFormModal({
  open,
  title,
  initialValues,
  onSubmit,
  onClose,
}: KnowledgeNodeFormModalProps) {
  const { t } = useTranslation('knowledge-graph');
  return (
    <FormModal<KnowledgeNodeFormValues>
      open={open}
      title={title}
      initialValues={initialValues ?? { name: '', bloom_level: null, description: '' }}
      onSubmit={(values) =>
        onSubmit({
          ...values,
          bloom_level: values.bloom_level ?? null,
          description: values.description ?? '',
        })
      }
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('node.name')}
        rules={[{ required: true, whitespace: true, message: t('node.nameRequired') }]}
      >
        <Input maxLength={KNOWLEDGE_GRAPH_LIMITS.nameMax} showCount />
      </Form.Item>
      <Form.Item name="bloom_level" label={t('node.bloomLevel')}>
        <Select<BloomLevel | null>
          allowClear
          placeholder={t('bloom.none')}
          options={BLOOM_LEVELS.map((level) => ({
            value: level,
            label: (
              <span>
                <BloomDot level={level} /> {t(`bloom.${level}`)}
              </span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item name="description" label={t('node.description')}>
        <Input.TextArea rows={4} maxLength={KNOWLEDGE_GRAPH_LIMITS.descriptionMax} showCount />
      </Form.Item>
    </FormModal>
  );
}
