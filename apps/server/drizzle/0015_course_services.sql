CREATE TABLE "calendar_feed_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "course_download_print_permissions" (
	"course_id" integer NOT NULL,
	"type" text NOT NULL,
	"allow_students" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_download_print_permissions_course_id_type_pk" PRIMARY KEY("course_id","type")
);
--> statement-breakpoint
CREATE TABLE "course_estimate_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_estimate_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"estimate_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "course_estimates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_estimates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "course_estimates_score_range" CHECK ("course_estimates"."score" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "course_registration_settings" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"capacity" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_calendar_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teaching_calendar_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"teaching_week_id" integer NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"hours" numeric(4, 1) NOT NULL,
	"instructor" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"teaching_date" date NOT NULL,
	"teaching_time" text DEFAULT '' NOT NULL,
	"time_range" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teaching_weeks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teaching_weeks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"semester_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_download_print_permissions" ADD CONSTRAINT "course_download_print_permissions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_estimate_replies" ADD CONSTRAINT "course_estimate_replies_estimate_id_course_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."course_estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_estimate_replies" ADD CONSTRAINT "course_estimate_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_estimate_replies" ADD CONSTRAINT "course_estimate_replies_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_estimates" ADD CONSTRAINT "course_estimates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_estimates" ADD CONSTRAINT "course_estimates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_estimates" ADD CONSTRAINT "course_estimates_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registration_settings" ADD CONSTRAINT "course_registration_settings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_calendar_entries" ADD CONSTRAINT "teaching_calendar_entries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_calendar_entries" ADD CONSTRAINT "teaching_calendar_entries_teaching_week_id_teaching_weeks_id_fk" FOREIGN KEY ("teaching_week_id") REFERENCES "public"."teaching_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_calendar_entries" ADD CONSTRAINT "teaching_calendar_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_weeks" ADD CONSTRAINT "teaching_weeks_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_weeks" ADD CONSTRAINT "teaching_weeks_semester_id_semesters_id_fk" FOREIGN KEY ("semester_id") REFERENCES "public"."semesters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_estimate_replies_estimate_idx" ON "course_estimate_replies" USING btree ("estimate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_estimates_one_per_student_idx" ON "course_estimates" USING btree ("course_id","user_id") WHERE "course_estimates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "course_estimates_course_idx" ON "course_estimates" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "teaching_calendar_entries_course_idx" ON "teaching_calendar_entries" USING btree ("course_id","teaching_date");--> statement-breakpoint
CREATE INDEX "teaching_calendar_entries_week_idx" ON "teaching_calendar_entries" USING btree ("teaching_week_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_weeks_semester_sequence_idx" ON "teaching_weeks" USING btree ("semester_id","sequence");