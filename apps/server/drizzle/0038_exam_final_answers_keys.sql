-- Exam storm (issue 12), with 0036. The submission's own foreign keys already tie a final answer to its
-- activity and examinee, and deleting either cascades through the submission to these rows: the two direct
-- keys only cost each hand-in of 20 questions 40 more checks.
ALTER TABLE "exam_final_answers" DROP CONSTRAINT "exam_final_answers_activity_id_activities_id_fk";
--> statement-breakpoint
ALTER TABLE "exam_final_answers" DROP CONSTRAINT "exam_final_answers_examinee_id_users_id_fk";
--> statement-breakpoint
-- The refresh found an examinee's old rows by (activity, examinee), but the primary key leads with
-- (activity, subject): each hand-in read every answer of the whole exam, 2.7 ms by the 3,000th student
-- and growing with the class; 0.07 ms with this index.
CREATE INDEX "exam_final_answers_examinee_idx" ON "exam_final_answers" USING btree ("examinee_id","activity_id","is_makeup");--> statement-breakpoint
-- A submission's deletion (a purge, a paper instance or a user going) cascades here by submission_id,
-- which no index served: one scan of the table per deleted submission.
CREATE INDEX "exam_final_answers_submission_idx" ON "exam_final_answers" USING btree ("submission_id");