CREATE TABLE "knowledge_captures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_captures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"knowledge_node_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"refer_type" text NOT NULL,
	"refer_id" integer NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_graph_snapshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_graph_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"tree" jsonb NOT NULL,
	"relations" jsonb NOT NULL,
	"completeness" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mastery" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completeness_rate" double precision,
	"mastery_rate" double precision,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_graph_states" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_node_references" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_node_references_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"knowledge_node_id" integer NOT NULL,
	"refer_type" text NOT NULL,
	"refer_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_node_relations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_node_relations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"source_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"type" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_node_relations_not_self" CHECK ("knowledge_node_relations"."source_id" <> "knowledge_node_relations"."target_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_nodes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"node_key" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"bloom_level" text,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "knowledge_reference_fragments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_reference_fragments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference_id" integer NOT NULL,
	"chapter_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"start_seconds" double precision,
	"end_seconds" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_teaching_objectives" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_teaching_objectives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"content" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"knowledge_node_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knowledge_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"knowledge_node_id" integer,
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_captures" ADD CONSTRAINT "knowledge_captures_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_captures" ADD CONSTRAINT "knowledge_captures_knowledge_node_id_knowledge_nodes_id_fk" FOREIGN KEY ("knowledge_node_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_captures" ADD CONSTRAINT "knowledge_captures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_graph_snapshots" ADD CONSTRAINT "knowledge_graph_snapshots_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_graph_snapshots" ADD CONSTRAINT "knowledge_graph_snapshots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_graph_states" ADD CONSTRAINT "knowledge_graph_states_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_graph_states" ADD CONSTRAINT "knowledge_graph_states_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_references" ADD CONSTRAINT "knowledge_node_references_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_references" ADD CONSTRAINT "knowledge_node_references_knowledge_node_id_knowledge_nodes_id_fk" FOREIGN KEY ("knowledge_node_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_references" ADD CONSTRAINT "knowledge_node_references_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_relations" ADD CONSTRAINT "knowledge_node_relations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_relations" ADD CONSTRAINT "knowledge_node_relations_source_id_knowledge_nodes_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_relations" ADD CONSTRAINT "knowledge_node_relations_target_id_knowledge_nodes_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_node_relations" ADD CONSTRAINT "knowledge_node_relations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_nodes" ADD CONSTRAINT "knowledge_nodes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_nodes" ADD CONSTRAINT "knowledge_nodes_parent_id_knowledge_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_nodes" ADD CONSTRAINT "knowledge_nodes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_reference_fragments" ADD CONSTRAINT "knowledge_reference_fragments_reference_id_knowledge_node_references_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."knowledge_node_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_teaching_objectives" ADD CONSTRAINT "knowledge_teaching_objectives_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_teaching_objectives" ADD CONSTRAINT "knowledge_teaching_objectives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_visits" ADD CONSTRAINT "knowledge_visits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_visits" ADD CONSTRAINT "knowledge_visits_knowledge_node_id_knowledge_nodes_id_fk" FOREIGN KEY ("knowledge_node_id") REFERENCES "public"."knowledge_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_visits" ADD CONSTRAINT "knowledge_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_captures_user_idx" ON "knowledge_captures" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "knowledge_captures_node_idx" ON "knowledge_captures" USING btree ("knowledge_node_id","is_public");--> statement-breakpoint
CREATE INDEX "knowledge_graph_snapshots_course_idx" ON "knowledge_graph_snapshots" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_node_references_uq" ON "knowledge_node_references" USING btree ("knowledge_node_id","refer_type","refer_id");--> statement-breakpoint
CREATE INDEX "knowledge_node_references_refer_idx" ON "knowledge_node_references" USING btree ("refer_type","refer_id");--> statement-breakpoint
CREATE INDEX "knowledge_node_references_course_idx" ON "knowledge_node_references" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_node_relations_pair_uq" ON "knowledge_node_relations" USING btree ("source_id","target_id");--> statement-breakpoint
CREATE INDEX "knowledge_node_relations_course_idx" ON "knowledge_node_relations" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "knowledge_node_relations_target_idx" ON "knowledge_node_relations" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "knowledge_nodes_course_idx" ON "knowledge_nodes" USING btree ("course_id","parent_id","sort","id") WHERE "knowledge_nodes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "knowledge_nodes_parent_idx" ON "knowledge_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_nodes_course_key_uq" ON "knowledge_nodes" USING btree ("course_id","node_key") WHERE "knowledge_nodes"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_reference_fragments_uq" ON "knowledge_reference_fragments" USING btree ("reference_id","chapter_id");--> statement-breakpoint
CREATE INDEX "knowledge_teaching_objectives_course_idx" ON "knowledge_teaching_objectives" USING btree ("course_id","sort","id");--> statement-breakpoint
CREATE INDEX "knowledge_visits_node_idx" ON "knowledge_visits" USING btree ("knowledge_node_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "knowledge_visits_course_user_idx" ON "knowledge_visits" USING btree ("course_id","user_id");