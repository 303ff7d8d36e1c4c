-- A course's download rule for students (course_download_print_permissions) decides what an attachment's
-- download right reads in the cached activity list and course reads (decision 0006): a change stamps the
-- course, whoever writes it.
CREATE FUNCTION course_download_rule_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_course_content_versions(ARRAY(SELECT course_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT course_id FROM new_rows UNION SELECT course_id FROM old_rows));
  ELSE
    PERFORM bump_course_content_versions(ARRAY(SELECT course_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_download_rule_insert AFTER INSERT ON course_download_print_permissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_download_rule_changed();
--> statement-breakpoint
CREATE TRIGGER course_download_rule_update AFTER UPDATE ON course_download_print_permissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_download_rule_changed();
--> statement-breakpoint
CREATE TRIGGER course_download_rule_delete AFTER DELETE ON course_download_print_permissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_download_rule_changed();
