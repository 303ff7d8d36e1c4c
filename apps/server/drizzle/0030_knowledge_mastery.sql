CREATE TABLE "knowledge_course_students" (
	"course_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"node_count" integer DEFAULT 0 NOT NULL,
	"mastery_rate_sum" double precision DEFAULT 0 NOT NULL,
	"weak_count" integer DEFAULT 0 NOT NULL,
	"mastered_count" integer DEFAULT 0 NOT NULL,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"last_answer_at" timestamp with time zone,
	CONSTRAINT "knowledge_course_students_course_id_student_id_pk" PRIMARY KEY("course_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_mastery_sources" (
	"student_id" integer NOT NULL,
	"knowledge_node_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"weighted_score" double precision NOT NULL,
	"weighted_max" double precision NOT NULL,
	"score" double precision NOT NULL,
	"max_score" double precision NOT NULL,
	"answered_count" integer NOT NULL,
	"last_answer_at" timestamp with time zone NOT NULL,
	CONSTRAINT "knowledge_mastery_sources_student_id_knowledge_node_id_activity_id_pk" PRIMARY KEY("student_id","knowledge_node_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_node_class_stats" (
	"knowledge_node_id" integer PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"student_count" integer DEFAULT 0 NOT NULL,
	"mastery_rate_sum" double precision DEFAULT 0 NOT NULL,
	"weak_count" integer DEFAULT 0 NOT NULL,
	"mastered_count" integer DEFAULT 0 NOT NULL,
	"answered_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_node_students" (
	"knowledge_node_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"weighted_score" double precision NOT NULL,
	"weighted_max" double precision NOT NULL,
	"answered_count" integer NOT NULL,
	"mastery_rate" double precision,
	"last_answer_at" timestamp with time zone NOT NULL,
	CONSTRAINT "knowledge_node_students_knowledge_node_id_student_id_pk" PRIMARY KEY("knowledge_node_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "knowledge_course_students" ADD CONSTRAINT "knowledge_course_students_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_course_students" ADD CONSTRAINT "knowledge_course_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_mastery_sources" ADD CONSTRAINT "knowledge_mastery_sources_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_mastery_sources" ADD CONSTRAINT "knowledge_mastery_sources_knowledge_node_id_knowledge_nodes_id_fk" FOREIGN KEY ("knowledge_node_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_mastery_sources" ADD CONSTRAINT "knowledge_mastery_sources_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_mastery_sources" ADD CONSTRAINT "knowledge_mastery_sources_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_class_stats" ADD CONSTRAINT "knowledge_node_class_stats_knowledge_node_id_knowledge_nodes_id_fk" FOREIGN KEY ("knowledge_node_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_class_stats" ADD CONSTRAINT "knowledge_node_class_stats_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_students" ADD CONSTRAINT "knowledge_node_students_knowledge_node_id_knowledge_nodes_id_fk" FOREIGN KEY ("knowledge_node_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_students" ADD CONSTRAINT "knowledge_node_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_students" ADD CONSTRAINT "knowledge_node_students_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_mastery_sources_activity_idx" ON "knowledge_mastery_sources" USING btree ("activity_id","student_id");--> statement-breakpoint
CREATE INDEX "knowledge_mastery_sources_node_idx" ON "knowledge_mastery_sources" USING btree ("knowledge_node_id","activity_id");--> statement-breakpoint
CREATE INDEX "knowledge_node_class_stats_course_idx" ON "knowledge_node_class_stats" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "knowledge_node_students_course_student_idx" ON "knowledge_node_students" USING btree ("course_id","student_id");--> statement-breakpoint
-- Knowledge mastery (issue 17), kept incrementally in the writer's transaction (tables in
-- apps/server/src/db/schema/knowledge-mastery.ts). An answer's weight is 2^((answered_at - 2020-01-01) / 30 days):
-- an answer 30 days older counts half. The rate Σ score·w / Σ max·w is the same whatever "now" the weights are
-- decayed to, so adding or removing one answer never touches the others. `masteryRate` in
-- packages/contracts/src/knowledge-graph/knowledge-statistics.contract.ts is the same formula.
CREATE FUNCTION knowledge_mastery_weight(p_at timestamptz) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT power(2::double precision, (extract(epoch FROM p_at)::double precision - 1577836800) / 2592000)
$$;
--> statement-breakpoint
-- Moves one student's mastery of one node to what their sources now say, and the class's and the student's
-- course aggregates by the difference (weak below 0.6, mastered from 0.8: KNOWLEDGE_WEAK_RATE and
-- KNOWLEDGE_MASTERED_RATE in the contracts).
CREATE FUNCTION knowledge_mastery_apply_node(p_node integer, p_student integer, p_course integer)
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
-- Replaces one student's sources of one activity with what their graded work says now: the questions of
-- exams (latest final submission) and classroom exams linked to nodes through subject_knowledge_nodes, and
-- homework (latest hand-in's final score or score, out of 100) linked through knowledge_node_references.
-- Bounded by that one activity's answers: no other answer is read.
CREATE FUNCTION knowledge_mastery_refresh(p_activity integer, p_student integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_course integer;
  v_type text;
  v_group_set integer;
  affected integer[];
  v_node integer;
BEGIN
  SELECT course_id, type,
         CASE WHEN data->>'group_set_id' ~ '^[0-9]{1,9}$' THEN (data->>'group_set_id')::int END
  INTO v_course, v_type, v_group_set
  FROM activities WHERE id = p_activity;
  IF v_course IS NULL OR p_student IS NULL THEN
    RETURN;
  END IF;
  -- Most activities link no node: their attempts and hand-ins (a whole class at the same minute in an
  -- exam) must not pay for the refresh. Three index probes, and nothing else, when there is nothing to do.
  IF NOT EXISTS (SELECT 1 FROM knowledge_mastery_sources
                 WHERE activity_id = p_activity AND student_id = p_student)
     AND NOT EXISTS (SELECT 1 FROM subjects q JOIN subject_knowledge_nodes k ON k.subject_id = q.id
                     WHERE q.activity_id = p_activity)
     AND NOT EXISTS (SELECT 1 FROM knowledge_node_references r
                     WHERE r.refer_type = 'activity' AND r.refer_id = p_activity) THEN
    RETURN;
  END IF;
  -- One refresh per student at a time: the node rows' old rates are read and moved by the same writer.
  PERFORM pg_advisory_xact_lock(-1717, p_student);
  affected := ARRAY(SELECT knowledge_node_id FROM knowledge_mastery_sources
                    WHERE activity_id = p_activity AND student_id = p_student);
  DELETE FROM knowledge_mastery_sources WHERE activity_id = p_activity AND student_id = p_student;
  INSERT INTO knowledge_mastery_sources
    (student_id, knowledge_node_id, activity_id, course_id, weighted_score, weighted_max, score, max_score,
     answered_count, last_answer_at)
  SELECT p_student, a.node_id, p_activity, v_course,
         sum(a.score * knowledge_mastery_weight(a.at)), sum(a.max * knowledge_mastery_weight(a.at)),
         sum(a.score), sum(a.max), count(*)::int, max(a.at)
  FROM (
    SELECT k.knowledge_node_id AS node_id, greatest(f.score, 0) AS score, q.point AS max, s.submitted_at AS at
    FROM exam_final_answers f
    JOIN exam_submissions s ON s.id = f.submission_id
    JOIN subjects q ON q.id = f.subject_id
    JOIN subject_knowledge_nodes k ON k.subject_id = f.subject_id
    WHERE f.activity_id = p_activity AND f.examinee_id = p_student AND f.score IS NOT NULL
      AND q.point > 0 AND s.submitted_at IS NOT NULL
    UNION ALL
    SELECT k.knowledge_node_id, greatest(c.score, 0), q.point, c.submitted_at
    FROM classroom_answers c
    JOIN subjects q ON q.id = c.subject_id
    JOIN subject_knowledge_nodes k ON k.subject_id = c.subject_id
    WHERE c.activity_id = p_activity AND c.user_id = p_student AND c.score IS NOT NULL AND q.point > 0
    UNION ALL
    SELECT r.knowledge_node_id, greatest(h.score, 0), 100, h.at
    FROM (
      SELECT coalesce(hs.final_score, hs.score) AS score, coalesce(hs.marked_at, hs.submitted_at, hs.updated_at) AS at
      FROM homework_submissions hs
      WHERE v_type = 'homework' AND hs.activity_id = p_activity AND NOT hs.is_draft
        AND (hs.user_id = p_student OR hs.group_id IN (
          SELECT gm.group_id FROM group_members gm WHERE gm.user_id = p_student AND gm.group_set_id = v_group_set))
      ORDER BY hs.version DESC, hs.id DESC
      LIMIT 1
    ) AS h
    JOIN knowledge_node_references r ON r.refer_type = 'activity' AND r.refer_id = p_activity
    WHERE h.score IS NOT NULL
  ) AS a
  JOIN knowledge_nodes n ON n.id = a.node_id AND n.course_id = v_course AND n.deleted_at IS NULL
  GROUP BY a.node_id;
  affected := affected || ARRAY(SELECT knowledge_node_id FROM knowledge_mastery_sources
                                WHERE activity_id = p_activity AND student_id = p_student);
  -- Node order, so two refreshes touching the same class rows always lock them in the same order.
  FOR v_node IN SELECT DISTINCT x FROM unnest(affected) AS x ORDER BY x LOOP
    PERFORM knowledge_mastery_apply_node(v_node, p_student, v_course);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION knowledge_mastery_exam_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM knowledge_mastery_refresh(OLD.activity_id, OLD.examinee_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.activity_id IS DISTINCT FROM OLD.activity_id
      OR NEW.examinee_id IS DISTINCT FROM OLD.examinee_id) THEN
    PERFORM knowledge_mastery_refresh(NEW.activity_id, NEW.examinee_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Named to sort after exam_submissions_final_answers (0023): triggers of one event fire in name order, so
-- exam_final_answers already holds the new answers when this reads them. Drafts do not fire it.
CREATE TRIGGER exam_submissions_knowledge_mastery
AFTER INSERT OR DELETE OR UPDATE OF status, submission_data, score_data, submitted_at, is_makeup, examinee_id, activity_id
ON exam_submissions FOR EACH ROW EXECUTE FUNCTION knowledge_mastery_exam_changed();
--> statement-breakpoint
CREATE FUNCTION knowledge_mastery_classroom_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM knowledge_mastery_refresh(OLD.activity_id, OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.activity_id IS DISTINCT FROM OLD.activity_id
      OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.score IS DISTINCT FROM OLD.score
      OR NEW.submitted_at IS DISTINCT FROM OLD.submitted_at) THEN
    PERFORM knowledge_mastery_refresh(NEW.activity_id, NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER classroom_answers_knowledge_mastery
AFTER INSERT OR DELETE OR UPDATE ON classroom_answers
FOR EACH ROW EXECUTE FUNCTION knowledge_mastery_classroom_changed();
--> statement-breakpoint
-- A homework hand-in of a group counts for each member of the group.
CREATE FUNCTION knowledge_mastery_homework_refresh(p_activity integer, p_user integer, p_group integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  member integer;
BEGIN
  IF p_user IS NOT NULL THEN
    PERFORM knowledge_mastery_refresh(p_activity, p_user);
  ELSIF p_group IS NOT NULL THEN
    FOR member IN SELECT user_id FROM group_members WHERE group_id = p_group ORDER BY user_id LOOP
      PERFORM knowledge_mastery_refresh(p_activity, member);
    END LOOP;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION knowledge_mastery_homework_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM knowledge_mastery_homework_refresh(OLD.activity_id, OLD.user_id, OLD.group_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.user_id IS DISTINCT FROM OLD.user_id
      OR NEW.group_id IS DISTINCT FROM OLD.group_id OR NEW.activity_id IS DISTINCT FROM OLD.activity_id)) THEN
    PERFORM knowledge_mastery_homework_refresh(NEW.activity_id, NEW.user_id, NEW.group_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only what can change a score: comments, slides and attachments do not fire it.
CREATE TRIGGER homework_submissions_knowledge_mastery
AFTER INSERT OR DELETE OR UPDATE OF score, final_score, is_draft, version, marked_at, submitted_at, user_id, group_id, activity_id
ON homework_submissions FOR EACH ROW EXECUTE FUNCTION knowledge_mastery_homework_changed();
--> statement-breakpoint
-- When what a node is linked to changes (a question linked or unlinked, an activity referenced, a node deleted
-- or restored), the answers already graded must be counted again: a durable job per activity
-- (`knowledge.mastery-relink`, modules/knowledge-graph/knowledge-mastery.job.ts) refreshes its students after
-- the change commits, so a link edit never waits on thousands of refreshes. One waiting job per activity.
CREATE FUNCTION knowledge_mastery_enqueue(p_activity integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_activity IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO jobs (type, payload)
  SELECT 'knowledge.mastery-relink', jsonb_build_object('activity_id', p_activity)
  WHERE NOT EXISTS (
    SELECT 1 FROM jobs
    WHERE type = 'knowledge.mastery-relink' AND status = 'init'
      AND payload = jsonb_build_object('activity_id', p_activity));
END $$;
--> statement-breakpoint
CREATE FUNCTION knowledge_mastery_subject_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_subject integer;
BEGIN
  v_subject := CASE WHEN TG_OP = 'DELETE' THEN OLD.subject_id ELSE NEW.subject_id END;
  -- A question just written has no answers yet: nothing to count again.
  IF EXISTS (SELECT 1 FROM classroom_answers WHERE subject_id = v_subject)
     OR EXISTS (SELECT 1 FROM subjects q JOIN exam_final_answers f ON f.activity_id = q.activity_id AND f.subject_id = q.id
                WHERE q.id = v_subject) THEN
    PERFORM knowledge_mastery_enqueue((SELECT activity_id FROM subjects WHERE id = v_subject));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subject_knowledge_nodes_knowledge_mastery
AFTER INSERT OR DELETE ON subject_knowledge_nodes
FOR EACH ROW EXECUTE FUNCTION knowledge_mastery_subject_links_changed();
--> statement-breakpoint
CREATE FUNCTION knowledge_mastery_references_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.refer_type = 'activity' THEN
    PERFORM knowledge_mastery_enqueue(OLD.refer_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.refer_type = 'activity' THEN
    PERFORM knowledge_mastery_enqueue(NEW.refer_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER knowledge_node_references_knowledge_mastery
AFTER INSERT OR DELETE OR UPDATE OF refer_type, refer_id, knowledge_node_id ON knowledge_node_references
FOR EACH ROW EXECUTE FUNCTION knowledge_mastery_references_changed();
--> statement-breakpoint
CREATE FUNCTION knowledge_mastery_node_deleted_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_activity integer;
BEGIN
  FOR v_activity IN
    SELECT activity_id FROM knowledge_mastery_sources WHERE knowledge_node_id = NEW.id
    UNION
    SELECT q.activity_id FROM subject_knowledge_nodes k JOIN subjects q ON q.id = k.subject_id
    WHERE k.knowledge_node_id = NEW.id AND q.activity_id IS NOT NULL
    UNION
    SELECT refer_id FROM knowledge_node_references WHERE knowledge_node_id = NEW.id AND refer_type = 'activity'
  LOOP
    PERFORM knowledge_mastery_enqueue(v_activity);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER knowledge_nodes_knowledge_mastery
AFTER UPDATE OF deleted_at ON knowledge_nodes
FOR EACH ROW WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
EXECUTE FUNCTION knowledge_mastery_node_deleted_changed();
