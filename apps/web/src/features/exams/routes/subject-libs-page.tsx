import { DeleteOutlined } from '@ant-design/icons';
import { Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LibShelf } from '../components/subject-libs/lib-shelf.tsx';
import { parseRouteId } from '../components/subject-list/route-id.ts';

/**
 * `/subject-libs`: the viewer's question libraries and folders; opened from a course
 * (`?course_id=`), the course's libraries too.
 */
export function SubjectLibsPage() {
  const { t } = useTranslation('exams');
  const [params, setParams] = useSearchParams();
  const courseId = parseRouteId(params.get('course_id') ?? undefined);
  const tab = courseId !== undefined && params.get('tab') === 'course' ? 'course' : 'mine';

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('libs.title')}
        </Typography.Title>
        {/* Questions deleted from personal libraries wait in their owner's own bin. */}
        <Link to="/subject-libs/recycle-bin">
          <DeleteOutlined aria-hidden /> {t('personalBin.link')}
        </Link>
      </Flex>
      {courseId === undefined ? (
        <LibShelf scope="mine" />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            const next = new URLSearchParams(params);
            if (key === 'course') next.set('tab', 'course');
            else next.delete('tab');
            setParams(next, { replace: true });
          }}
          items={[
            { key: 'mine', label: t('libs.mine'), children: <LibShelf scope="mine" /> },
            { key: 'course', label: t('libs.course'), children: <LibShelf scope={{ courseId }} /> },
          ]}
        />
      )}
    </>
  );
}
