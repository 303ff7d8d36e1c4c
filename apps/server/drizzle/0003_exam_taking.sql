DROP INDEX "exam_paper_instances_user_idx";--> statement-breakpoint
DROP INDEX "comments_activity_heat_idx";--> statement-breakpoint
DROP INDEX "comments_activity_id_idx";--> statement-breakpoint
ALTER TABLE "exam_retake_records" ADD COLUMN "submission_id" integer;--> statement-breakpoint
ALTER TABLE "exam_submissions" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "exam_retake_records" ADD CONSTRAINT "exam_retake_records_submission_id_exam_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."exam_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_submissions" ADD CONSTRAINT "exam_submissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_paper_instances_attempt_uq" ON "exam_paper_instances" USING btree ("activity_id","user_id","attempt");--> statement-breakpoint
CREATE INDEX "exam_retake_records_examinee_idx" ON "exam_retake_records" USING btree ("activity_id","examinee_id");--> statement-breakpoint
CREATE INDEX "comments_activity_heat_idx" ON "comments" USING btree ("activity_id","comment_type","approval_count" DESC NULLS FIRST,"id" DESC NULLS FIRST,"referrer_type");--> statement-breakpoint
CREATE INDEX "comments_activity_id_idx" ON "comments" USING btree ("activity_id","comment_type","id" DESC NULLS FIRST,"referrer_type");