CREATE TABLE "duplicate_documents" (
	"submission_id" integer PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"status" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"hashes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"starts" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"ends" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"fingerprint_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duplicate_pairs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "duplicate_pairs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"submission_a" integer NOT NULL,
	"submission_b" integer NOT NULL,
	"shared" integer NOT NULL,
	"rate_a" double precision,
	"rate_b" double precision,
	"rate" double precision,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_party_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "third_party_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"similarity" double precision,
	"report_url" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_item_weights" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"weight" double precision NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_marked_attachments" (
	"id" integer PRIMARY KEY DEFAULT nextval('exam_marked_attachments_id_seq') NOT NULL,
	"submission_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"origin_upload_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_peer_scores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homework_peer_scores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"kind" text NOT NULL,
	"scorer_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"target_user_id" integer,
	"score" double precision NOT NULL,
	"comment" text,
	"rubric_score" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homework_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"user_id" integer,
	"group_id" integer,
	"version" integer NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"slides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_late" boolean DEFAULT false NOT NULL,
	"score" double precision,
	"final_score" double precision,
	"instructor_comment" text,
	"rubric_score" jsonb,
	"recommend" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"marked_by" integer,
	"marked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_submissions_one_submitter" CHECK (("homework_submissions"."user_id" is null) <> ("homework_submissions"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "homework_submitters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "homework_submitters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"user_id" integer,
	"group_id" integer,
	"status" smallint DEFAULT 3 NOT NULL,
	"last_version" integer DEFAULT 0 NOT NULL,
	"redo_granted" integer DEFAULT 0 NOT NULL,
	"make_up_end_time" timestamp with time zone,
	"recommend" boolean DEFAULT false NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_submitters_one_submitter" CHECK (("homework_submitters"."user_id" is null) <> ("homework_submitters"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "score_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "score_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"user_id" integer,
	"group_id" integer,
	"version" integer,
	"score_method" text NOT NULL,
	"old_score" double precision,
	"score" double precision,
	"old_final_score" double precision,
	"final_score" double precision,
	"operator_id" integer,
	"operator_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_records_one_submitter" CHECK (("score_records"."user_id" is null) <> ("score_records"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"pending" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'init' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"type" text NOT NULL,
	"course_id" integer,
	"activity_id" integer,
	"payload" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rubrics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rubrics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "duplicate_documents" ADD CONSTRAINT "duplicate_documents_submission_id_homework_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."homework_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_documents" ADD CONSTRAINT "duplicate_documents_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_submission_a_homework_submissions_id_fk" FOREIGN KEY ("submission_a") REFERENCES "public"."homework_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_submission_b_homework_submissions_id_fk" FOREIGN KEY ("submission_b") REFERENCES "public"."homework_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_checks" ADD CONSTRAINT "third_party_checks_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_checks" ADD CONSTRAINT "third_party_checks_submission_id_homework_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."homework_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_party_checks" ADD CONSTRAINT "third_party_checks_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_item_weights" ADD CONSTRAINT "grade_item_weights_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_item_weights" ADD CONSTRAINT "grade_item_weights_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_item_weights" ADD CONSTRAINT "grade_item_weights_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_marked_attachments" ADD CONSTRAINT "homework_marked_attachments_submission_id_homework_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."homework_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_marked_attachments" ADD CONSTRAINT "homework_marked_attachments_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_marked_attachments" ADD CONSTRAINT "homework_marked_attachments_origin_upload_id_uploads_id_fk" FOREIGN KEY ("origin_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_marked_attachments" ADD CONSTRAINT "homework_marked_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_peer_scores" ADD CONSTRAINT "homework_peer_scores_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_peer_scores" ADD CONSTRAINT "homework_peer_scores_scorer_id_users_id_fk" FOREIGN KEY ("scorer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_peer_scores" ADD CONSTRAINT "homework_peer_scores_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_peer_scores" ADD CONSTRAINT "homework_peer_scores_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submitters" ADD CONSTRAINT "homework_submitters_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submitters" ADD CONSTRAINT "homework_submitters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submitters" ADD CONSTRAINT "homework_submitters_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_records" ADD CONSTRAINT "score_records_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_records" ADD CONSTRAINT "score_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_records" ADD CONSTRAINT "score_records_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_records" ADD CONSTRAINT "score_records_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_documents_activity_idx" ON "duplicate_documents" USING btree ("activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_pairs_ab_uq" ON "duplicate_pairs" USING btree ("submission_a","submission_b");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_activity_rate_idx" ON "duplicate_pairs" USING btree ("activity_id","rate" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "duplicate_pairs_b_idx" ON "duplicate_pairs" USING btree ("submission_b");--> statement-breakpoint
CREATE UNIQUE INDEX "third_party_checks_submission_upload_uq" ON "third_party_checks" USING btree ("submission_id","upload_id");--> statement-breakpoint
CREATE INDEX "third_party_checks_activity_idx" ON "third_party_checks" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "grade_item_weights_course_idx" ON "grade_item_weights" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "homework_marked_attachments_submission_idx" ON "homework_marked_attachments" USING btree ("submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "homework_peer_scores_target_uq" ON "homework_peer_scores" USING btree ("activity_id","kind","scorer_id","group_id",coalesce("target_user_id", 0));--> statement-breakpoint
CREATE INDEX "homework_peer_scores_group_idx" ON "homework_peer_scores" USING btree ("activity_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "homework_submissions_user_version_uq" ON "homework_submissions" USING btree ("activity_id","user_id","version") WHERE "homework_submissions"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "homework_submissions_group_version_uq" ON "homework_submissions" USING btree ("activity_id","group_id","version") WHERE "homework_submissions"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "homework_submissions_activity_idx" ON "homework_submissions" USING btree ("activity_id","is_draft");--> statement-breakpoint
CREATE UNIQUE INDEX "homework_submitters_user_uq" ON "homework_submitters" USING btree ("activity_id","user_id") WHERE "homework_submitters"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "homework_submitters_group_uq" ON "homework_submitters" USING btree ("activity_id","group_id") WHERE "homework_submitters"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "score_records_user_idx" ON "score_records" USING btree ("activity_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "score_records_group_idx" ON "score_records" USING btree ("activity_id","group_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" in ('init', 'running');--> statement-breakpoint
CREATE INDEX "jobs_type_idx" ON "jobs" USING btree ("type","status");--> statement-breakpoint
CREATE INDEX "notifications_user_read_idx" ON "notifications" USING btree ("user_id","read_at","id");--> statement-breakpoint
CREATE INDEX "rubrics_created_by_idx" ON "rubrics" USING btree ("created_by","id");