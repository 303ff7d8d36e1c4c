import { Select, type SelectProps } from 'antd';
import { useGroupSets } from '../api/list-group-sets.ts';

export type GroupSetSelectProps = Omit<SelectProps<number | null>, 'options' | 'loading'> & {
  courseId: number;
};

/** Picks one of a course's group sets (group exams, group assignments). */
export function GroupSetSelect({ courseId, ...props }: GroupSetSelectProps) {
  const groupSets = useGroupSets(courseId);
  return (
    <Select<number | null>
      allowClear
      {...props}
      loading={groupSets.isPending}
      options={(groupSets.data ?? []).map((set) => ({ value: set.id, label: set.name }))}
    />
  );
}
