CREATE TABLE "course_resource_audits" (
	"course_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"status" text NOT NULL,
	"remark" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_resource_audits_course_id_upload_id_pk" PRIMARY KEY("course_id","upload_id"),
	CONSTRAINT "course_resource_audits_status_check" CHECK ("course_resource_audits"."status" in ('agree', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "course_shared_uploads" (
	"course_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"shared_by" integer,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_shared_uploads_course_id_upload_id_pk" PRIMARY KEY("course_id","upload_id")
);
--> statement-breakpoint
ALTER TABLE "course_resource_audits" ADD CONSTRAINT "course_resource_audits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_resource_audits" ADD CONSTRAINT "course_resource_audits_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_resource_audits" ADD CONSTRAINT "course_resource_audits_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_shared_uploads" ADD CONSTRAINT "course_shared_uploads_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_shared_uploads" ADD CONSTRAINT "course_shared_uploads_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_shared_uploads" ADD CONSTRAINT "course_shared_uploads_shared_by_users_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_shared_uploads_upload_idx" ON "course_shared_uploads" USING btree ("upload_id");