ALTER TABLE "recycle_bin_items" ADD COLUMN "source_type" text;--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ADD COLUMN "source_title" text;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "recycle_bin_item_id" integer;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_recycle_bin_item_id_recycle_bin_items_id_fk" FOREIGN KEY ("recycle_bin_item_id") REFERENCES "public"."recycle_bin_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subjects_recycle_bin_item_idx" ON "subjects" USING btree ("recycle_bin_item_id");