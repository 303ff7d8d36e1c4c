CREATE TABLE "activity_resource_visits" (
	"reference_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"last_visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_resource_visits_reference_id_user_id_pk" PRIMARY KEY("reference_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "activity_resource_visits" ADD CONSTRAINT "activity_resource_visits_reference_id_upload_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."upload_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_resource_visits" ADD CONSTRAINT "activity_resource_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;