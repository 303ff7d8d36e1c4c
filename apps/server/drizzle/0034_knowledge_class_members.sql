-- The class's knowledge aggregates (knowledge_node_class_stats, migration 0030) count the course's students
-- only: a student removed from the course, or no longer holding a student role, keeps their own mastery rows
-- (knowledge_node_students, knowledge_course_students) but leaves the class figures. The same rule as the
-- statistics' student list (knowledge-statistics.repository.ts `studentRoles`): a student role and no teaching role.
CREATE FUNCTION knowledge_mastery_is_class_student(p_course integer, p_student integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM course_members cm
    WHERE cm.course_id = p_course AND cm.user_id = p_student
      AND cm.roles && array['student','student_assistant']::text[]
      AND NOT (cm.roles && array['instructor','instructor_assistant']::text[]))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION knowledge_mastery_apply_node(p_node integer, p_student integer, p_course integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  agg record;
  old_rate double precision;
  old_count integer := 0;
  new_rate double precision;
  new_count integer := 0;
  had_old boolean;
  d_students integer;
  d_weak integer;
  d_mastered integer;
  d_sum double precision;
  d_answered integer;
BEGIN
  SELECT sum(weighted_score) AS ws, sum(weighted_max) AS wm, sum(answered_count)::int AS cnt,
         max(last_answer_at) AS last_at
  INTO agg
  FROM knowledge_mastery_sources
  WHERE student_id = p_student AND knowledge_node_id = p_node;
  SELECT mastery_rate, answered_count INTO old_rate, old_count
  FROM knowledge_node_students
  WHERE knowledge_node_id = p_node AND student_id = p_student
  FOR UPDATE;
  had_old := FOUND;
  IF NOT had_old THEN old_count := 0; old_rate := NULL; END IF;
  IF agg.cnt IS NULL THEN
    IF had_old THEN
      DELETE FROM knowledge_node_students WHERE knowledge_node_id = p_node AND student_id = p_student;
    END IF;
  ELSE
    new_count := agg.cnt;
    new_rate := CASE WHEN agg.wm > 0 THEN least(greatest(agg.ws / agg.wm, 0), 1) END;
    INSERT INTO knowledge_node_students
      (knowledge_node_id, student_id, course_id, weighted_score, weighted_max, answered_count, mastery_rate, last_answer_at)
    VALUES (p_node, p_student, p_course, agg.ws, agg.wm, agg.cnt, new_rate, agg.last_at)
    ON CONFLICT (knowledge_node_id, student_id) DO UPDATE SET
      weighted_score = excluded.weighted_score, weighted_max = excluded.weighted_max,
      answered_count = excluded.answered_count, mastery_rate = excluded.mastery_rate,
      last_answer_at = excluded.last_answer_at;
  END IF;
  d_students := (new_rate IS NOT NULL)::int - (old_rate IS NOT NULL)::int;
  d_sum := coalesce(new_rate, 0) - coalesce(old_rate, 0);
  d_weak := coalesce((new_rate < 0.6)::int, 0) - coalesce((old_rate < 0.6)::int, 0);
  d_mastered := coalesce((new_rate >= 0.8)::int, 0) - coalesce((old_rate >= 0.8)::int, 0);
  d_answered := new_count - old_count;
  IF d_students = 0 AND d_sum = 0 AND d_weak = 0 AND d_mastered = 0 AND d_answered = 0
     AND agg.last_at IS NULL THEN
    RETURN;
  END IF;
  -- Read under the student's advisory lock (taken by knowledge_mastery_refresh), which a membership change
  -- takes too: either this sees the change, or the change's shift sees this row.
  IF knowledge_mastery_is_class_student(p_course, p_student) THEN
    INSERT INTO knowledge_node_class_stats AS c
      (knowledge_node_id, course_id, student_count, mastery_rate_sum, weak_count, mastered_count, answered_count)
    VALUES (p_node, p_course, d_students, d_sum, d_weak, d_mastered, d_answered)
    ON CONFLICT (knowledge_node_id) DO UPDATE SET
      student_count = c.student_count + excluded.student_count,
      -- Back to exactly 0 with the last student, so sums of floating deltas never leave a residue behind.
      mastery_rate_sum = CASE WHEN c.student_count + excluded.student_count = 0 THEN 0
                              ELSE c.mastery_rate_sum + excluded.mastery_rate_sum END,
      weak_count = c.weak_count + excluded.weak_count,
      mastered_count = c.mastered_count + excluded.mastered_count,
      answered_count = c.answered_count + excluded.answered_count;
  END IF;
  INSERT INTO knowledge_course_students AS s
    (course_id, student_id, node_count, mastery_rate_sum, weak_count, mastered_count, answered_count, last_answer_at)
  VALUES (p_course, p_student, d_students, d_sum, d_weak, d_mastered, d_answered, agg.last_at)
  ON CONFLICT (course_id, student_id) DO UPDATE SET
    node_count = s.node_count + excluded.node_count,
    mastery_rate_sum = CASE WHEN s.node_count + excluded.node_count = 0 THEN 0
                            ELSE s.mastery_rate_sum + excluded.mastery_rate_sum END,
    weak_count = s.weak_count + excluded.weak_count,
    mastered_count = s.mastered_count + excluded.mastered_count,
    answered_count = s.answered_count + excluded.answered_count,
    last_answer_at = greatest(s.last_answer_at, excluded.last_answer_at);
END $$;
--> statement-breakpoint
-- Adds (p_sign 1) or takes away (-1) one student's node rows of a course from the class aggregates: at most
-- one row per node of the course, whatever the size of the class, so a membership change stays cheap.
CREATE FUNCTION knowledge_mastery_member_shift(p_course integer, p_student integer, p_sign integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A course being deleted takes its aggregates with it: nothing to move.
  IF NOT EXISTS (SELECT 1 FROM courses WHERE id = p_course) THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(-1717, p_student);
  -- Node order, like knowledge_mastery_refresh, so the class rows are always locked in the same order.
  INSERT INTO knowledge_node_class_stats AS c
    (knowledge_node_id, course_id, student_count, mastery_rate_sum, weak_count, mastered_count, answered_count)
  SELECT ns.knowledge_node_id, p_course,
         p_sign * (ns.mastery_rate IS NOT NULL)::int,
         p_sign * coalesce(ns.mastery_rate, 0),
         p_sign * coalesce((ns.mastery_rate < 0.6)::int, 0),
         p_sign * coalesce((ns.mastery_rate >= 0.8)::int, 0),
         p_sign * ns.answered_count
  FROM knowledge_node_students ns
  JOIN knowledge_nodes n ON n.id = ns.knowledge_node_id
  WHERE ns.course_id = p_course AND ns.student_id = p_student
  ORDER BY ns.knowledge_node_id
  ON CONFLICT (knowledge_node_id) DO UPDATE SET
    student_count = c.student_count + excluded.student_count,
    mastery_rate_sum = CASE WHEN c.student_count + excluded.student_count = 0 THEN 0
                            ELSE c.mastery_rate_sum + excluded.mastery_rate_sum END,
    weak_count = c.weak_count + excluded.weak_count,
    mastered_count = c.mastered_count + excluded.mastered_count,
    answered_count = c.answered_count + excluded.answered_count;
END $$;
--> statement-breakpoint
CREATE FUNCTION knowledge_mastery_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_student boolean := false;
  is_student boolean := false;
  moved boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    was_student := OLD.roles && array['student','student_assistant']::text[]
      AND NOT (OLD.roles && array['instructor','instructor_assistant']::text[]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    is_student := NEW.roles && array['student','student_assistant']::text[]
      AND NOT (NEW.roles && array['instructor','instructor_assistant']::text[]);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    moved := OLD.course_id <> NEW.course_id OR OLD.user_id <> NEW.user_id;
  END IF;
  IF was_student AND (moved OR NOT is_student) THEN
    PERFORM knowledge_mastery_member_shift(OLD.course_id, OLD.user_id, -1);
  END IF;
  IF is_student AND (moved OR NOT was_student) THEN
    PERFORM knowledge_mastery_member_shift(NEW.course_id, NEW.user_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_members_knowledge_mastery
AFTER INSERT OR DELETE OR UPDATE OF roles, course_id, user_id ON course_members
FOR EACH ROW EXECUTE FUNCTION knowledge_mastery_member_changed();
--> statement-breakpoint
-- The aggregates kept so far counted everyone who had answered: recount them over the current students.
DELETE FROM knowledge_node_class_stats;
--> statement-breakpoint
INSERT INTO knowledge_node_class_stats
  (knowledge_node_id, course_id, student_count, mastery_rate_sum, weak_count, mastered_count, answered_count)
SELECT ns.knowledge_node_id, min(ns.course_id),
       count(ns.mastery_rate)::int,
       coalesce(sum(ns.mastery_rate), 0),
       count(*) FILTER (WHERE ns.mastery_rate < 0.6)::int,
       count(*) FILTER (WHERE ns.mastery_rate >= 0.8)::int,
       sum(ns.answered_count)::int
FROM knowledge_node_students ns
JOIN course_members cm ON cm.course_id = ns.course_id AND cm.user_id = ns.student_id
  AND cm.roles && array['student','student_assistant']::text[]
  AND NOT (cm.roles && array['instructor','instructor_assistant']::text[])
JOIN knowledge_nodes n ON n.id = ns.knowledge_node_id
GROUP BY ns.knowledge_node_id;
