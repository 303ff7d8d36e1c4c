CREATE TABLE "org_meeting_vendor_settings" (
	"org_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_encrypted" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_meeting_vendor_settings_org_id_vendor_pk" PRIMARY KEY("org_id","vendor")
);
--> statement-breakpoint
ALTER TABLE "org_meeting_vendor_settings" ADD CONSTRAINT "org_meeting_vendor_settings_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_meeting_vendor_settings" ADD CONSTRAINT "org_meeting_vendor_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;