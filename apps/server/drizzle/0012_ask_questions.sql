CREATE TABLE "ask_question_picks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ask_question_picks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ask_question_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"round" integer NOT NULL,
	"user_ids" integer[] NOT NULL,
	"group_ids" integer[] NOT NULL,
	"picked_by" integer,
	"picked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ask_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ask_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"syllabus_id" integer,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"select_num" integer,
	"group_set_id" integer,
	"avoid_recent" boolean DEFAULT false NOT NULL,
	"end_time" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ask_question_picks" ADD CONSTRAINT "ask_question_picks_ask_question_id_ask_questions_id_fk" FOREIGN KEY ("ask_question_id") REFERENCES "public"."ask_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_question_picks" ADD CONSTRAINT "ask_question_picks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_question_picks" ADD CONSTRAINT "ask_question_picks_picked_by_users_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_syllabus_id_syllabi_id_fk" FOREIGN KEY ("syllabus_id") REFERENCES "public"."syllabi"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_group_set_id_group_sets_id_fk" FOREIGN KEY ("group_set_id") REFERENCES "public"."group_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ask_questions" ADD CONSTRAINT "ask_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ask_question_picks_question_idx" ON "ask_question_picks" USING btree ("ask_question_id","round");--> statement-breakpoint
CREATE INDEX "ask_question_picks_course_idx" ON "ask_question_picks" USING btree ("course_id","picked_at");--> statement-breakpoint
CREATE INDEX "ask_questions_course_idx" ON "ask_questions" USING btree ("course_id","created_at");