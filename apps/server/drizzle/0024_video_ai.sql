CREATE TABLE "video_ai_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "video_ai_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"reference_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"caption" boolean NOT NULL,
	"topic" boolean NOT NULL,
	"chapter" boolean NOT NULL,
	"captions_vtt" text,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chapters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_ai_tasks" ADD CONSTRAINT "video_ai_tasks_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ai_tasks" ADD CONSTRAINT "video_ai_tasks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ai_tasks" ADD CONSTRAINT "video_ai_tasks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_ai_tasks_activity_idx" ON "video_ai_tasks" USING btree ("activity_id","reference_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_ai_tasks_one_running_idx" ON "video_ai_tasks" USING btree ("reference_id") WHERE "video_ai_tasks"."status" in ('queued', 'processing');