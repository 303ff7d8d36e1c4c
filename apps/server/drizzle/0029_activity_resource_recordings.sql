CREATE TABLE "activity_resource_recordings" (
	"reference_id" integer PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_resource_recordings" ADD CONSTRAINT "activity_resource_recordings_reference_id_upload_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."upload_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_resource_recordings_source_idx" ON "activity_resource_recordings" USING btree ("source","source_id");