CREATE TABLE "recycle_bin_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recycle_bin_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"title" text NOT NULL,
	"activity_type" text,
	"deleted_by" integer,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollcall_answers" (
	"rollcall_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'absent' NOT NULL,
	"source" text,
	"device_id" text,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" double precision,
	"distance" double precision,
	"review" text,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"marked_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollcall_answers_rollcall_id_user_id_pk" PRIMARY KEY("rollcall_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rollcalls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rollcalls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"number_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"radius" integer,
	"duration_seconds" integer NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "recycle_bin_item_id" integer;--> statement-breakpoint
ALTER TABLE "course_modules" ADD COLUMN "recycle_bin_item_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "recycle_bin_item_id" integer;--> statement-breakpoint
ALTER TABLE "syllabi" ADD COLUMN "recycle_bin_item_id" integer;--> statement-breakpoint
ALTER TABLE "subject_options" ADD COLUMN "weight" double precision;--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ADD CONSTRAINT "recycle_bin_items_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ADD CONSTRAINT "recycle_bin_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recycle_bin_items" ADD CONSTRAINT "recycle_bin_items_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcall_answers" ADD CONSTRAINT "rollcall_answers_rollcall_id_rollcalls_id_fk" FOREIGN KEY ("rollcall_id") REFERENCES "public"."rollcalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcall_answers" ADD CONSTRAINT "rollcall_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcall_answers" ADD CONSTRAINT "rollcall_answers_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcalls" ADD CONSTRAINT "rollcalls_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollcalls" ADD CONSTRAINT "rollcalls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recycle_bin_items_course_idx" ON "recycle_bin_items" USING btree ("course_id","deleted_at");--> statement-breakpoint
CREATE INDEX "recycle_bin_items_deleted_at_idx" ON "recycle_bin_items" USING btree ("deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rollcall_answers_device_idx" ON "rollcall_answers" USING btree ("rollcall_id","device_id") WHERE "rollcall_answers"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "rollcall_answers_user_idx" ON "rollcall_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rollcalls_course_idx" ON "rollcalls" USING btree ("course_id","created_at");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_recycle_bin_item_id_recycle_bin_items_id_fk" FOREIGN KEY ("recycle_bin_item_id") REFERENCES "public"."recycle_bin_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_recycle_bin_item_id_recycle_bin_items_id_fk" FOREIGN KEY ("recycle_bin_item_id") REFERENCES "public"."recycle_bin_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_recycle_bin_item_id_recycle_bin_items_id_fk" FOREIGN KEY ("recycle_bin_item_id") REFERENCES "public"."recycle_bin_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syllabi" ADD CONSTRAINT "syllabi_recycle_bin_item_id_recycle_bin_items_id_fk" FOREIGN KEY ("recycle_bin_item_id") REFERENCES "public"."recycle_bin_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_recycle_bin_item_idx" ON "activities" USING btree ("recycle_bin_item_id");--> statement-breakpoint
CREATE INDEX "course_modules_recycle_bin_item_idx" ON "course_modules" USING btree ("recycle_bin_item_id");--> statement-breakpoint
CREATE INDEX "courses_recycle_bin_item_idx" ON "courses" USING btree ("recycle_bin_item_id");--> statement-breakpoint
CREATE INDEX "syllabi_recycle_bin_item_idx" ON "syllabi" USING btree ("recycle_bin_item_id");