CREATE SEQUENCE "public"."course_content_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ai_ppt_usage" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_content_versions" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courseware_quiz_submissions" (
	"quiz_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"scores" jsonb NOT NULL,
	"score" double precision NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courseware_quiz_submissions_quiz_id_user_id_pk" PRIMARY KEY("quiz_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "courseware_quizzes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "courseware_quizzes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subjects" DROP CONSTRAINT "subjects_one_owner";--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ALTER COLUMN "course_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "video_quiz_id" integer;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "ai_ppt_usage" ADD CONSTRAINT "ai_ppt_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_ppt_usage" ADD CONSTRAINT "ai_ppt_usage_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_quiz_submissions" ADD CONSTRAINT "courseware_quiz_submissions_quiz_id_courseware_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."courseware_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_quiz_submissions" ADD CONSTRAINT "courseware_quiz_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_quizzes" ADD CONSTRAINT "courseware_quizzes_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_quizzes" ADD CONSTRAINT "courseware_quizzes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courseware_quizzes_activity_idx" ON "courseware_quizzes" USING btree ("activity_id","position","id");--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ADD CONSTRAINT "recycle_bin_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_video_quiz_id_courseware_quizzes_id_fk" FOREIGN KEY ("video_quiz_id") REFERENCES "public"."courseware_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recycle_bin_items_owner_idx" ON "recycle_bin_items" USING btree ("owner_id","deleted_at");--> statement-breakpoint
CREATE INDEX "subjects_video_quiz_idx" ON "subjects" USING btree ("video_quiz_id","sort","id");--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ADD CONSTRAINT "recycle_bin_items_one_bin" CHECK (num_nonnulls("recycle_bin_items"."course_id", "recycle_bin_items"."owner_id") = 1);--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_one_owner" CHECK (num_nonnulls("subjects"."lib_id", "subjects"."activity_id", "subjects"."video_quiz_id") = 1);