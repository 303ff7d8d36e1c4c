CREATE TABLE "activity_read_visits" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_read_visits_activity_id_user_id_read_at_pk" PRIMARY KEY("activity_id","user_id","read_at")
);
--> statement-breakpoint
ALTER TABLE "activity_read_visits" ADD CONSTRAINT "activity_read_visits_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_read_visits" ADD CONSTRAINT "activity_read_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_read_visits_activity_time_idx" ON "activity_read_visits" USING btree ("activity_id","read_at");--> statement-breakpoint
CREATE INDEX "activity_read_visits_user_idx" ON "activity_read_visits" USING btree ("user_id");--> statement-breakpoint
-- Every visit of a learner to an activity, for the per-day student statistics (stat-students): the first
-- read, then each read after 30 minutes or more without one. `activity_reads` is upserted on every read
-- (a playing video reports every few seconds), so the gap since its previous `last_read_at` is what marks a
-- new visit. A row inserted with a history (read more than once: the demo seed) brings its first and last read.
CREATE FUNCTION activity_reads_visit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO activity_read_visits (activity_id, user_id, read_at)
    VALUES (NEW.activity_id, NEW.user_id, NEW.first_read_at) ON CONFLICT DO NOTHING;
    IF NEW.read_count > 1 AND NEW.last_read_at >= NEW.first_read_at + interval '30 minutes' THEN
      INSERT INTO activity_read_visits (activity_id, user_id, read_at)
      VALUES (NEW.activity_id, NEW.user_id, NEW.last_read_at) ON CONFLICT DO NOTHING;
    END IF;
  ELSIF NEW.last_read_at >= OLD.last_read_at + interval '30 minutes' THEN
    INSERT INTO activity_read_visits (activity_id, user_id, read_at)
    VALUES (NEW.activity_id, NEW.user_id, NEW.last_read_at) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_reads_visit AFTER INSERT OR UPDATE OF last_read_at ON activity_reads FOR EACH ROW EXECUTE FUNCTION activity_reads_visit();
--> statement-breakpoint
-- The reads counted before this migration: their first and last visit are all that is known.
INSERT INTO activity_read_visits (activity_id, user_id, read_at)
SELECT activity_id, user_id, first_read_at FROM activity_reads
UNION
SELECT activity_id, user_id, last_read_at FROM activity_reads
 WHERE read_count > 1 AND last_read_at >= first_read_at + interval '30 minutes'
ON CONFLICT DO NOTHING;
