-- Exam storm (issue 12), after 0038: exam_final_answers is written only by the exam_submissions trigger
-- (0023, 0032), which also removes an examinee's rows whenever a submitted submission is deleted (by hand, or
-- by a cascade from its paper instance, activity or user) and writes them again from the one before. The
-- key to the submission therefore never had a row left to cascade to, yet every hand-in paid 20 checks for
-- it and 20 entries in the index its cascade needed: a quarter of the refresh (0.24 -> 0.18 ms a hand-in,
-- measured over 210 refreshes). exam-final-answers.trigger.test.ts deletes each way and finds no row left.
ALTER TABLE "exam_final_answers" DROP CONSTRAINT "exam_final_answers_submission_id_exam_submissions_id_fk";
--> statement-breakpoint
DROP INDEX "exam_final_answers_submission_idx";