ALTER TABLE "course_public_settings" ADD COLUMN "public_typical_mistakes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_public_settings" ADD COLUMN "promotion_video_upload_id" integer;--> statement-breakpoint
ALTER TABLE "course_public_settings" ADD COLUMN "promotion_video_duration" double precision;--> statement-breakpoint
ALTER TABLE "course_public_settings" ADD CONSTRAINT "course_public_settings_promotion_video_upload_id_uploads_id_fk" FOREIGN KEY ("promotion_video_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;