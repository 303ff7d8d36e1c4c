import {
  BLOOM_LEVEL_COLORS,
  BLOOM_LEVELS,
  type BloomLevel,
} from '@lectern/contracts/knowledge-graph/bloom-levels';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/** A Bloom level's colour as a small dot; the level's name always comes with it in text. */
export function BloomDot({ level }: { level: BloomLevel | null }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        background: level ? BLOOM_LEVEL_COLORS[level] : '#595959',
        verticalAlign: 'middle',
      }}
    />
  );
}

/** Which colour is which Bloom level, for the graph. */
export function BloomLegend() {
  const { t } = useTranslation('knowledge-graph');
  return (
    <Flex
      component="ul"
      wrap
      gap={12}
      aria-label={t('page.legend')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {BLOOM_LEVELS.map((level) => (
        <li key={level}>
          <BloomDot level={level} /> {t(`bloom.${level}`)}
        </li>
      ))}
    </Flex>
  );
}
