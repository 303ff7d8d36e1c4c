CREATE TABLE "meeting_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"record_id" text NOT NULL,
	"format" text NOT NULL,
	"url" text NOT NULL,
	"state" text NOT NULL,
	"last_error" text,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_vendor_accounts" (
	"user_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"vendor_user_id" text NOT NULL,
	"access_token_encrypted" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_encrypted" text,
	"refresh_token_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_vendor_accounts_user_id_vendor_pk" PRIMARY KEY("user_id","vendor")
);
--> statement-breakpoint
ALTER TABLE "meeting_recordings" ADD CONSTRAINT "meeting_recordings_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_vendor_accounts" ADD CONSTRAINT "meeting_vendor_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_recordings_vendor_record_idx" ON "meeting_recordings" USING btree ("activity_id","vendor","record_id","format");