CREATE TABLE "knowledge_graph_sources" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_course_id" integer,
	"remote_course_id" integer,
	"remote_version_id" integer,
	"status" text DEFAULT 'idle' NOT NULL,
	"last_error" text,
	"last_synced_at" timestamp with time zone,
	"last_counts" jsonb,
	"set_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_nodes" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "knowledge_graph_sources" ADD CONSTRAINT "knowledge_graph_sources_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_graph_sources" ADD CONSTRAINT "knowledge_graph_sources_source_course_id_courses_id_fk" FOREIGN KEY ("source_course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_graph_sources" ADD CONSTRAINT "knowledge_graph_sources_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_nodes_course_source_key_uq" ON "knowledge_nodes" USING btree ("course_id","source_key") WHERE "knowledge_nodes"."deleted_at" is null and "knowledge_nodes"."source_key" is not null;
