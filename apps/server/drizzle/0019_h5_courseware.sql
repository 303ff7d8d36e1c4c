CREATE TABLE "h5_learner_states" (
	"activity_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"base64_state" text NOT NULL,
	"cmi" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completion_status" text DEFAULT 'not_attempted' NOT NULL,
	"success_status" text DEFAULT 'unknown' NOT NULL,
	"score_raw" double precision,
	"score_min" double precision,
	"score_max" double precision,
	"score_percent" double precision,
	"progress" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "h5_learner_states_activity_id_user_id_upload_id_pk" PRIMARY KEY("activity_id","user_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "h5_packages" (
	"upload_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entry" text NOT NULL,
	"files" jsonb NOT NULL,
	"total_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "h5_learner_states" ADD CONSTRAINT "h5_learner_states_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "h5_learner_states" ADD CONSTRAINT "h5_learner_states_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "h5_learner_states" ADD CONSTRAINT "h5_learner_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "h5_packages" ADD CONSTRAINT "h5_packages_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;