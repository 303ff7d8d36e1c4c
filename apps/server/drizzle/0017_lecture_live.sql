CREATE TABLE "lecture_live_bookings" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "lecture_live_bookings_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lecture_live_replays" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lecture_live_replays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"recording_file" text NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"duration_seconds" double precision,
	"retry_times" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lecture_live_visits" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"live_seconds" integer DEFAULT 0 NOT NULL,
	"replay_seconds" integer DEFAULT 0 NOT NULL,
	"client_type" text DEFAULT 'web' NOT NULL,
	"last_visit_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_live_visits_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lecture_lives" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"stream_key" text NOT NULL,
	"stream_state" text DEFAULT 'idle' NOT NULL,
	"ingest_port" integer,
	"live_started_at" timestamp with time zone,
	"live_ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_lives_streamKey_unique" UNIQUE("stream_key")
);
--> statement-breakpoint
ALTER TABLE "lecture_live_bookings" ADD CONSTRAINT "lecture_live_bookings_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_live_bookings" ADD CONSTRAINT "lecture_live_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_live_replays" ADD CONSTRAINT "lecture_live_replays_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_live_visits" ADD CONSTRAINT "lecture_live_visits_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_live_visits" ADD CONSTRAINT "lecture_live_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_lives" ADD CONSTRAINT "lecture_lives_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lecture_live_replays_activity_idx" ON "lecture_live_replays" USING btree ("activity_id","id");