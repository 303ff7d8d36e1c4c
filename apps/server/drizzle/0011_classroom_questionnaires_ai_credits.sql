CREATE TABLE "ai_configs" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"credit_mode" text DEFAULT 'allocation' NOT NULL,
	"course_guides_enable" boolean DEFAULT false NOT NULL,
	"allowed_kb_video_type" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_upload_file_size" integer,
	"max_text_length" integer,
	"max_number_of_quizzes" integer
);
--> statement-breakpoint
CREATE TABLE "ai_credit_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_credit_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer,
	"course_id" integer,
	"assigned" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"ai_activation" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_credit_accounts_not_overdrawn" CHECK ("ai_credit_accounts"."used" >= 0 and "ai_credit_accounts"."used" <= "ai_credit_accounts"."assigned")
);
--> statement-breakpoint
CREATE TABLE "ai_credit_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_credit_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"target_type" text DEFAULT 'user' NOT NULL,
	"course_id" integer,
	"applied_credits" integer NOT NULL,
	"approved_credits" integer,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"remark" text,
	"auditor_id" integer,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_usage_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"feature" text NOT NULL,
	"user_id" integer,
	"course_id" integer,
	"prompt_tokens" integer NOT NULL,
	"completion_tokens" integer NOT NULL,
	"credits" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ask_question_picks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ask_question_picks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ask_question_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"round" integer NOT NULL,
	"user_ids" integer[] NOT NULL,
	"group_ids" integer[] NOT NULL,
	"picked_by" integer,
	"picked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ask_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ask_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"syllabus_id" integer,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"select_num" integer,
	"group_set_id" integer,
	"avoid_recent" boolean DEFAULT false NOT NULL,
	"end_time" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_submissions" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_submissions_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vote_ballots" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"options" jsonb NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_ballots_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ADD COLUMN "source_type" text;--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ADD COLUMN "source_title" text;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "recycle_bin_item_id" integer;--> statement-breakpoint
ALTER TABLE "ai_configs" ADD CONSTRAINT "ai_configs_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_credit_accounts" ADD CONSTRAINT "ai_credit_accounts_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_credit_accounts" ADD CONSTRAINT "ai_credit_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_credit_accounts" ADD CONSTRAINT "ai_credit_accounts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_credit_requests" ADD CONSTRAINT "ai_credit_requests_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_credit_requests" ADD CONSTRAINT "ai_credit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_credit_requests" ADD CONSTRAINT "ai_credit_requests_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_credit_requests" ADD CONSTRAINT "ai_credit_requests_auditor_id_users_id_fk" FOREIGN KEY ("auditor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage_ledger" ADD CONSTRAINT "ai_usage_ledger_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage_ledger" ADD CONSTRAINT "ai_usage_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage_ledger" ADD CONSTRAINT "ai_usage_ledger_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_question_picks" ADD CONSTRAINT "ask_question_picks_ask_question_id_ask_questions_id_fk" FOREIGN KEY ("ask_question_id") REFERENCES "public"."ask_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_question_picks" ADD CONSTRAINT "ask_question_picks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_question_picks" ADD CONSTRAINT "ask_question_picks_picked_by_users_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_syllabus_id_syllabi_id_fk" FOREIGN KEY ("syllabus_id") REFERENCES "public"."syllabi"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_group_set_id_group_sets_id_fk" FOREIGN KEY ("group_set_id") REFERENCES "public"."group_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_submissions" ADD CONSTRAINT "questionnaire_submissions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_submissions" ADD CONSTRAINT "questionnaire_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_ballots" ADD CONSTRAINT "vote_ballots_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_ballots" ADD CONSTRAINT "vote_ballots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_credit_accounts_org_uq" ON "ai_credit_accounts" USING btree ("org_id") WHERE "ai_credit_accounts"."user_id" is null and "ai_credit_accounts"."course_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_credit_accounts_user_uq" ON "ai_credit_accounts" USING btree ("user_id") WHERE "ai_credit_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_credit_accounts_course_uq" ON "ai_credit_accounts" USING btree ("course_id") WHERE "ai_credit_accounts"."course_id" is not null;--> statement-breakpoint
CREATE INDEX "ai_credit_requests_org_status_idx" ON "ai_credit_requests" USING btree ("org_id","status","id");--> statement-breakpoint
CREATE INDEX "ai_usage_ledger_org_at_idx" ON "ai_usage_ledger" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "ai_usage_ledger_user_idx" ON "ai_usage_ledger" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ask_question_picks_question_idx" ON "ask_question_picks" USING btree ("ask_question_id","round");--> statement-breakpoint
CREATE INDEX "ask_question_picks_course_idx" ON "ask_question_picks" USING btree ("course_id","picked_at");--> statement-breakpoint
CREATE INDEX "ask_questions_course_idx" ON "ask_questions" USING btree ("course_id","created_at");--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_recycle_bin_item_id_recycle_bin_items_id_fk" FOREIGN KEY ("recycle_bin_item_id") REFERENCES "public"."recycle_bin_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subjects_recycle_bin_item_idx" ON "subjects" USING btree ("recycle_bin_item_id");