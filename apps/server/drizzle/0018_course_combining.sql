CREATE TABLE "activity_sub_courses" (
	"activity_id" integer NOT NULL,
	"sub_course_id" integer NOT NULL,
	CONSTRAINT "activity_sub_courses_activity_id_sub_course_id_pk" PRIMARY KEY("activity_id","sub_course_id")
);
--> statement-breakpoint
CREATE TABLE "combined_course_states" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"combined" boolean DEFAULT false NOT NULL,
	"inspected_by" integer,
	"inspected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_sub_courses" (
	"parent_course_id" integer NOT NULL,
	"sub_course_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"merged_at" timestamp with time zone,
	"inspected_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_sub_courses_parent_course_id_sub_course_id_pk" PRIMARY KEY("parent_course_id","sub_course_id")
);
--> statement-breakpoint
ALTER TABLE "activity_sub_courses" ADD CONSTRAINT "activity_sub_courses_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_sub_courses" ADD CONSTRAINT "activity_sub_courses_sub_course_id_courses_id_fk" FOREIGN KEY ("sub_course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combined_course_states" ADD CONSTRAINT "combined_course_states_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combined_course_states" ADD CONSTRAINT "combined_course_states_inspected_by_users_id_fk" FOREIGN KEY ("inspected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sub_courses" ADD CONSTRAINT "course_sub_courses_parent_course_id_courses_id_fk" FOREIGN KEY ("parent_course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sub_courses" ADD CONSTRAINT "course_sub_courses_sub_course_id_courses_id_fk" FOREIGN KEY ("sub_course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sub_courses" ADD CONSTRAINT "course_sub_courses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_sub_courses_sub_idx" ON "activity_sub_courses" USING btree ("sub_course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_sub_courses_sub_uq" ON "course_sub_courses" USING btree ("sub_course_id");