CREATE TABLE "meeting_vendor_links" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"vendor" text NOT NULL,
	"meeting_id" text,
	"owner_id" integer,
	"vendor_host_userid" text,
	"state" text NOT NULL,
	"claimed_until" timestamp with time zone,
	"synced_hash" text,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_vendor_requests" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"response" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_vendor_links" ADD CONSTRAINT "meeting_vendor_links_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_vendor_links" ADD CONSTRAINT "meeting_vendor_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_vendor_requests" ADD CONSTRAINT "meeting_vendor_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_vendor_links_meeting_idx" ON "meeting_vendor_links" USING btree ("vendor","meeting_id");