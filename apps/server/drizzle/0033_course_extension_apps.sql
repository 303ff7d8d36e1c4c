CREATE TABLE "course_extension_apps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_extension_apps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"icon_url" text,
	"visible_to_students" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_extension_apps_url_check" CHECK ("course_extension_apps"."url" ~* '^https?://'),
	CONSTRAINT "course_extension_apps_icon_check" CHECK ("course_extension_apps"."icon_url" is null or "course_extension_apps"."icon_url" ~* '^https?://')
);--> statement-breakpoint
ALTER TABLE "course_extension_apps" ADD CONSTRAINT "course_extension_apps_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_extension_apps" ADD CONSTRAINT "course_extension_apps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_extension_apps_course_idx" ON "course_extension_apps" USING btree ("course_id","sort","id");