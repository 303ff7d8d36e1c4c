CREATE TABLE "meeting_joins" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sub_meeting_id" text DEFAULT '' NOT NULL,
	"role" text NOT NULL,
	"first_joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"join_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "meeting_joins_activity_id_sub_meeting_id_user_id_pk" PRIMARY KEY("activity_id","sub_meeting_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "meeting_joins" ADD CONSTRAINT "meeting_joins_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_joins" ADD CONSTRAINT "meeting_joins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_joins_user_idx" ON "meeting_joins" USING btree ("user_id");