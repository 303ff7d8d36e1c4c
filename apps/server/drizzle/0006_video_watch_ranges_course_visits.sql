CREATE TABLE "video_watch_ranges" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"completeness" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_watch_ranges_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_visits" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_visits_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "video_watch_ranges" ADD CONSTRAINT "video_watch_ranges_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_watch_ranges" ADD CONSTRAINT "video_watch_ranges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_visits" ADD CONSTRAINT "course_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_visits" ADD CONSTRAINT "course_visits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_watch_ranges_user_idx" ON "video_watch_ranges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_visits_user_recent_idx" ON "course_visits" USING btree ("user_id","visited_at");