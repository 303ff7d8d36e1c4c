-- Each examinee's answers of their latest final submission, one row per question (issue 13; the table is in
-- apps/server/src/db/schema/exam-submissions.ts): kept by a trigger on exam_submissions so that every
-- writer (hand-in, marking, retakes, deletion) keeps it right in its own transaction. The answer
-- statistics then read one index range instead of every submission's json.
-- The latest final submission is the statistics' own rule: submitted, latest submitted_at, then highest id.
-- A question's entry is the first one of that id in the answers, and in the scores, as jsonpath's
-- `$[*] ? (@.subject_id == id)` found it before.
CREATE FUNCTION refresh_exam_final_answers(p_activity integer, p_examinee integer, p_makeup boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  latest record;
BEGIN
  -- One writer per examinee and exam at a time, and the latest submission read after the other committed:
  -- without it two writers (a hand-in and a marking) could each write the answers of the one they saw.
  PERFORM pg_advisory_xact_lock(p_activity, p_examinee);
  SELECT id, submission_data, score_data INTO latest
  FROM exam_submissions
  WHERE activity_id = p_activity AND examinee_id = p_examinee AND is_makeup = p_makeup AND status = 'submitted'
  ORDER BY submitted_at DESC NULLS LAST, id DESC
  LIMIT 1;
  DELETE FROM exam_final_answers
  WHERE activity_id = p_activity AND examinee_id = p_examinee AND is_makeup = p_makeup;
  IF latest.id IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO exam_final_answers
    (activity_id, subject_id, is_makeup, examinee_id, submission_id, option_ids, answer, answers, correct, score)
  SELECT p_activity, ids.subject_id, p_makeup, p_examinee, latest.id,
         CASE WHEN jsonb_typeof(a.entry->'answer_option_ids') = 'array' THEN a.entry->'answer_option_ids'
              ELSE '[]'::jsonb END,
         a.entry->>'answer',
         CASE WHEN jsonb_typeof(a.entry->'answers') = 'array' THEN a.entry->'answers' ELSE '[]'::jsonb END,
         CASE WHEN jsonb_typeof(s.entry->'correct') = 'boolean' THEN (s.entry->>'correct')::boolean END,
         CASE WHEN jsonb_typeof(s.entry->'score') = 'number' THEN (s.entry->>'score')::float8 END
  FROM (
    SELECT DISTINCT (e->>'subject_id')::int AS subject_id
    FROM jsonb_array_elements(
           (CASE WHEN jsonb_typeof(latest.submission_data) = 'array' THEN latest.submission_data ELSE '[]' END)
           || (CASE WHEN jsonb_typeof(latest.score_data) = 'array' THEN latest.score_data ELSE '[]' END)) AS e
    WHERE jsonb_typeof(e->'subject_id') = 'number' AND e->>'subject_id' ~ '^[0-9]{1,9}$'
  ) AS ids
  LEFT JOIN LATERAL (
    SELECT x.entry FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(latest.submission_data) = 'array' THEN latest.submission_data ELSE '[]' END
    ) WITH ORDINALITY AS x(entry, n)
    WHERE jsonb_typeof(x.entry->'subject_id') = 'number' AND x.entry->>'subject_id' = ids.subject_id::text
    ORDER BY x.n LIMIT 1
  ) AS a ON true
  LEFT JOIN LATERAL (
    SELECT x.entry FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(latest.score_data) = 'array' THEN latest.score_data ELSE '[]' END
    ) WITH ORDINALITY AS x(entry, n)
    WHERE jsonb_typeof(x.entry->'subject_id') = 'number' AND x.entry->>'subject_id' = ids.subject_id::text
    ORDER BY x.n LIMIT 1
  ) AS s ON true;
END $$;
--> statement-breakpoint
CREATE FUNCTION exam_submission_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_exam_final_answers(OLD.activity_id, OLD.examinee_id, OLD.is_makeup);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.activity_id IS DISTINCT FROM OLD.activity_id
      OR NEW.examinee_id IS DISTINCT FROM OLD.examinee_id OR NEW.is_makeup IS DISTINCT FROM OLD.is_makeup) THEN
    PERFORM refresh_exam_final_answers(NEW.activity_id, NEW.examinee_id, NEW.is_makeup);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Drafts (draft_data, saved every few seconds while a student works) do not fire it.
CREATE TRIGGER exam_submissions_final_answers
AFTER INSERT OR DELETE OR UPDATE OF status, submission_data, score_data, submitted_at, is_makeup, examinee_id, activity_id
ON exam_submissions FOR EACH ROW EXECUTE FUNCTION exam_submission_changed();
--> statement-breakpoint
SELECT refresh_exam_final_answers(k.activity_id, k.examinee_id, k.is_makeup)
FROM (SELECT DISTINCT activity_id, examinee_id, is_makeup FROM exam_submissions WHERE status = 'submitted') AS k;
