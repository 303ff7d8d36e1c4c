-- Version stamps of courses' shared content (issue 21; apps/server/src/db/schema/content-versions.ts):
-- every statement that changes what a course's activity list shows alike to its viewers (activities,
-- modules, syllabi, attachment references and their uploads, creators' names) replaces the stamps of the
-- courses it touched, in the writer's transaction. Statement-level triggers with transition tables, so a
-- bulk insert stamps each course once. Per-viewer parts of the list (read marks, completion, watched
-- videos, submissions) are never cached and need no stamp.
CREATE FUNCTION bump_course_content_versions(course_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- In course order, so two writers touching the same courses lock their rows in the same order.
  INSERT INTO course_content_versions (course_id, version)
  SELECT id, nextval('course_content_version_seq')
  FROM (SELECT DISTINCT id FROM unnest(course_ids) AS id WHERE id IS NOT NULL ORDER BY id) AS touched
  ON CONFLICT (course_id) DO UPDATE SET version = excluded.version;
END $$;
--> statement-breakpoint
-- For tables with a course_id column: rows updated to what they already were stamp nothing.
CREATE FUNCTION course_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_course_content_versions(ARRAY(SELECT course_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT n.course_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n IS DISTINCT FROM o
      UNION SELECT o.course_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n IS DISTINCT FROM o));
  ELSE
    PERFORM bump_course_content_versions(ARRAY(SELECT course_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activities_content_insert AFTER INSERT ON activities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_content_changed();
--> statement-breakpoint
CREATE TRIGGER activities_content_update AFTER UPDATE ON activities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_content_changed();
--> statement-breakpoint
CREATE TRIGGER activities_content_delete AFTER DELETE ON activities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_content_changed();
--> statement-breakpoint
CREATE TRIGGER course_modules_content_insert AFTER INSERT ON course_modules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_content_changed();
--> statement-breakpoint
CREATE TRIGGER course_modules_content_update AFTER UPDATE ON course_modules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_content_changed();
--> statement-breakpoint
CREATE TRIGGER course_modules_content_delete AFTER DELETE ON course_modules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_content_changed();
--> statement-breakpoint
CREATE TRIGGER syllabi_content_insert AFTER INSERT ON syllabi REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_content_changed();
--> statement-breakpoint
CREATE TRIGGER syllabi_content_update AFTER UPDATE ON syllabi REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_content_changed();
--> statement-breakpoint
CREATE TRIGGER syllabi_content_delete AFTER DELETE ON syllabi REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_content_changed();
--> statement-breakpoint
-- Attachments of activities: the list shows each activity's references with their uploads.
CREATE FUNCTION activity_references_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT a.course_id FROM new_rows r JOIN activities a ON a.id = r.parent_id WHERE r.parent_type = 'learning_activity'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT a.course_id FROM new_rows r JOIN activities a ON a.id = r.parent_id WHERE r.parent_type = 'learning_activity'
      UNION SELECT a.course_id FROM old_rows r JOIN activities a ON a.id = r.parent_id WHERE r.parent_type = 'learning_activity'));
  ELSE
    PERFORM bump_course_content_versions(ARRAY(
      SELECT a.course_id FROM old_rows r JOIN activities a ON a.id = r.parent_id WHERE r.parent_type = 'learning_activity'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER upload_references_content_insert AFTER INSERT ON upload_references REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_references_changed();
--> statement-breakpoint
CREATE TRIGGER upload_references_content_update AFTER UPDATE ON upload_references REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_references_changed();
--> statement-breakpoint
CREATE TRIGGER upload_references_content_delete AFTER DELETE ON upload_references REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_references_changed();
--> statement-breakpoint
-- An upload's name, size, type or owner shows in the references of the activities it is attached to.
CREATE FUNCTION activity_uploads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_course_content_versions(ARRAY(
    SELECT a.course_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN upload_references r ON r.upload_id = n.id AND r.parent_type = 'learning_activity'
    JOIN activities a ON a.id = r.parent_id
    WHERE (n.name, n.size, n.type, n.mime_type, n.created_by) IS DISTINCT FROM (o.name, o.size, o.type, o.mime_type, o.created_by)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER uploads_content_update AFTER UPDATE ON uploads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_uploads_changed();
--> statement-breakpoint
-- A creator's name shows beside each activity they created.
CREATE FUNCTION activity_creators_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.name IS DISTINCT FROM o.name) THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT a.course_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN activities a ON a.created_by = n.id
      WHERE n.name IS DISTINCT FROM o.name));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_content_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_creators_changed();
