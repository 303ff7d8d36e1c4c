CREATE TABLE "classroom_answers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "classroom_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answer_option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_correct" boolean,
	"score" double precision,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classroom_releases" (
	"activity_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "classroom_releases_activity_id_subject_id_pk" PRIMARY KEY("activity_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "exam_marked_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_marked_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"subject_id" integer,
	"upload_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_paper_instances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_paper_instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_makeup" boolean DEFAULT false NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"layout" jsonb NOT NULL,
	"retake_record_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_retake_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_retake_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"examinee_id" integer NOT NULL,
	"exam_type" text DEFAULT 'exam' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"instance_id" integer NOT NULL,
	"examinee_id" integer NOT NULL,
	"is_makeup" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"draft_data" jsonb,
	"submission_data" jsonb,
	"score_data" jsonb,
	"score" double precision,
	"auto_score" double precision,
	"mark_status" text DEFAULT 'unmarked' NOT NULL,
	"comment_data" jsonb,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_makeup_users" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_makeup_users_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "subject_knowledge_nodes" (
	"subject_id" integer NOT NULL,
	"knowledge_node_id" integer NOT NULL,
	CONSTRAINT "subject_knowledge_nodes_subject_id_knowledge_node_id_pk" PRIMARY KEY("subject_id","knowledge_node_id")
);
--> statement-breakpoint
CREATE TABLE "subject_libs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subject_libs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"course_id" integer,
	"owner_id" integer NOT NULL,
	"parent_id" integer,
	"lib_type" text NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subject_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"is_answer" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lib_id" integer,
	"activity_id" integer,
	"is_makeup" boolean DEFAULT false NOT NULL,
	"parent_id" integer,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"point" double precision DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"difficulty_level" smallint DEFAULT 0 NOT NULL,
	"answer" text,
	"answer_explanation" text,
	"blanks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pairs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subjects_one_owner" CHECK (("subjects"."lib_id" is null) <> ("subjects"."activity_id" is null))
);
--> statement-breakpoint
ALTER TABLE "classroom_answers" ADD CONSTRAINT "classroom_answers_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_answers" ADD CONSTRAINT "classroom_answers_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_answers" ADD CONSTRAINT "classroom_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_releases" ADD CONSTRAINT "classroom_releases_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_releases" ADD CONSTRAINT "classroom_releases_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_marked_attachments" ADD CONSTRAINT "exam_marked_attachments_submission_id_exam_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."exam_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_marked_attachments" ADD CONSTRAINT "exam_marked_attachments_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_marked_attachments" ADD CONSTRAINT "exam_marked_attachments_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_marked_attachments" ADD CONSTRAINT "exam_marked_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_paper_instances" ADD CONSTRAINT "exam_paper_instances_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_paper_instances" ADD CONSTRAINT "exam_paper_instances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_retake_records" ADD CONSTRAINT "exam_retake_records_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_retake_records" ADD CONSTRAINT "exam_retake_records_examinee_id_users_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_retake_records" ADD CONSTRAINT "exam_retake_records_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_submissions" ADD CONSTRAINT "exam_submissions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_submissions" ADD CONSTRAINT "exam_submissions_instance_id_exam_paper_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."exam_paper_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_submissions" ADD CONSTRAINT "exam_submissions_examinee_id_users_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_makeup_users" ADD CONSTRAINT "exam_makeup_users_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_makeup_users" ADD CONSTRAINT "exam_makeup_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_knowledge_nodes" ADD CONSTRAINT "subject_knowledge_nodes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_libs" ADD CONSTRAINT "subject_libs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_libs" ADD CONSTRAINT "subject_libs_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_libs" ADD CONSTRAINT "subject_libs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_libs" ADD CONSTRAINT "subject_libs_parent_id_subject_libs_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."subject_libs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_options" ADD CONSTRAINT "subject_options_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_lib_id_subject_libs_id_fk" FOREIGN KEY ("lib_id") REFERENCES "public"."subject_libs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_parent_id_subjects_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_answers_subject_user_uq" ON "classroom_answers" USING btree ("subject_id","user_id");--> statement-breakpoint
CREATE INDEX "classroom_answers_activity_idx" ON "classroom_answers" USING btree ("activity_id","subject_id");--> statement-breakpoint
CREATE INDEX "exam_marked_attachments_submission_idx" ON "exam_marked_attachments" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "exam_paper_instances_user_idx" ON "exam_paper_instances" USING btree ("activity_id","user_id","attempt");--> statement-breakpoint
CREATE INDEX "exam_retake_records_exam_idx" ON "exam_retake_records" USING btree ("activity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_submissions_instance_uq" ON "exam_submissions" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "exam_submissions_exam_user_idx" ON "exam_submissions" USING btree ("activity_id","examinee_id");--> statement-breakpoint
CREATE INDEX "subject_knowledge_nodes_node_idx" ON "subject_knowledge_nodes" USING btree ("knowledge_node_id");--> statement-breakpoint
CREATE INDEX "subject_libs_owner_idx" ON "subject_libs" USING btree ("owner_id","lib_type");--> statement-breakpoint
CREATE INDEX "subject_libs_course_idx" ON "subject_libs" USING btree ("course_id","lib_type");--> statement-breakpoint
CREATE INDEX "subject_libs_parent_idx" ON "subject_libs" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "subject_options_subject_idx" ON "subject_options" USING btree ("subject_id","sort");--> statement-breakpoint
CREATE INDEX "subjects_activity_idx" ON "subjects" USING btree ("activity_id","is_makeup","sort","id");--> statement-breakpoint
CREATE INDEX "subjects_lib_idx" ON "subjects" USING btree ("lib_id","sort","id");--> statement-breakpoint
CREATE INDEX "subjects_parent_idx" ON "subjects" USING btree ("parent_id");