CREATE TABLE "comment_counts" (
	"activity_id" integer NOT NULL,
	"comment_type" text NOT NULL,
	"referrer_type" text NOT NULL,
	"referrer_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "comment_counts_activity_id_comment_type_referrer_type_referrer_id_pk" PRIMARY KEY("activity_id","comment_type","referrer_type","referrer_id")
);
--> statement-breakpoint
CREATE TABLE "comment_likes" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_likes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comment_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comment_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comment_id" integer NOT NULL,
	"parent_id" integer,
	"content" text NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"course_role" text NOT NULL,
	"approval_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_reply_likes" (
	"reply_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_reply_likes_reply_id_user_id_pk" PRIMARY KEY("reply_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"comment_type" text DEFAULT 'forum' NOT NULL,
	"title" text,
	"content" text NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"course_role" text NOT NULL,
	"location" text,
	"referrer_type" text DEFAULT 'none' NOT NULL,
	"referrer_id" integer,
	"approval_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_replied_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_counts" ADD CONSTRAINT "comment_counts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_replies" ADD CONSTRAINT "comment_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reply_likes" ADD CONSTRAINT "comment_reply_likes_reply_id_comment_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."comment_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_reply_likes" ADD CONSTRAINT "comment_reply_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_replies_comment_idx" ON "comment_replies" USING btree ("comment_id","id");--> statement-breakpoint
CREATE INDEX "comment_replies_parent_idx" ON "comment_replies" USING btree ("parent_id") WHERE "comment_replies"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_activity_heat_idx" ON "comments" USING btree ("activity_id","comment_type","approval_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_activity_id_idx" ON "comments" USING btree ("activity_id","comment_type","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_referrer_heat_idx" ON "comments" USING btree ("referrer_id","comment_type","approval_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."referrer_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_referrer_id_idx" ON "comments" USING btree ("referrer_id","comment_type","id" DESC NULLS FIRST) WHERE "comments"."referrer_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_topics_idx" ON "comments" USING btree ("activity_id",coalesce("last_replied_at", "created_at") desc,"id" DESC NULLS FIRST) WHERE "comments"."title" is not null;--> statement-breakpoint
CREATE INDEX "comments_course_topics_idx" ON "comments" USING btree ("course_id","reply_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."title" is not null;