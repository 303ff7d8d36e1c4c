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
CREATE UNIQUE INDEX "ai_credit_accounts_org_uq" ON "ai_credit_accounts" USING btree ("org_id") WHERE "ai_credit_accounts"."user_id" is null and "ai_credit_accounts"."course_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_credit_accounts_user_uq" ON "ai_credit_accounts" USING btree ("user_id") WHERE "ai_credit_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_credit_accounts_course_uq" ON "ai_credit_accounts" USING btree ("course_id") WHERE "ai_credit_accounts"."course_id" is not null;--> statement-breakpoint
CREATE INDEX "ai_credit_requests_org_status_idx" ON "ai_credit_requests" USING btree ("org_id","status","id");--> statement-breakpoint
CREATE INDEX "ai_usage_ledger_org_at_idx" ON "ai_usage_ledger" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "ai_usage_ledger_user_idx" ON "ai_usage_ledger" USING btree ("user_id");