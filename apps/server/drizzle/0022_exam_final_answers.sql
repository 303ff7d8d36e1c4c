CREATE TABLE "exam_final_answers" (
	"activity_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"is_makeup" boolean NOT NULL,
	"examinee_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"option_ids" jsonb NOT NULL,
	"answer" text,
	"answers" jsonb NOT NULL,
	"correct" boolean,
	"score" double precision,
	CONSTRAINT "exam_final_answers_activity_id_subject_id_is_makeup_examinee_id_pk" PRIMARY KEY("activity_id","subject_id","is_makeup","examinee_id")
);
--> statement-breakpoint
ALTER TABLE "exam_final_answers" ADD CONSTRAINT "exam_final_answers_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_final_answers" ADD CONSTRAINT "exam_final_answers_examinee_id_users_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_final_answers" ADD CONSTRAINT "exam_final_answers_submission_id_exam_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."exam_submissions"("id") ON DELETE cascade ON UPDATE no action;