-- Combined courses (migration 0018) in the course content stamp (migrations 0013 and 0021, decision 0006;
-- issue 18). A cached activity list of a combined course keeps which sub-courses each activity is assigned
-- to (activity_sub_courses), and a combined course's read counts the students of its sub-courses
-- (course_sub_courses joined to their members): writes to either, and to the students of a sub-course,
-- stamp the combined course, whoever writes them.
CREATE FUNCTION activity_sub_courses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT a.course_id FROM new_rows r JOIN activities a ON a.id = r.activity_id));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT a.course_id FROM new_rows r JOIN activities a ON a.id = r.activity_id
      UNION SELECT a.course_id FROM old_rows r JOIN activities a ON a.id = r.activity_id));
  ELSE
    PERFORM bump_course_content_versions(ARRAY(
      SELECT a.course_id FROM old_rows r JOIN activities a ON a.id = r.activity_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER activity_sub_courses_content_insert AFTER INSERT ON activity_sub_courses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_sub_courses_changed();
--> statement-breakpoint
CREATE TRIGGER activity_sub_courses_content_update AFTER UPDATE ON activity_sub_courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_sub_courses_changed();
--> statement-breakpoint
CREATE TRIGGER activity_sub_courses_content_delete AFTER DELETE ON activity_sub_courses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION activity_sub_courses_changed();
--> statement-breakpoint
-- Linking or unlinking stamps both sides: the combined course and the course combined into it. Marking a
-- sub-course merged or inspected changes nothing either read shows.
CREATE FUNCTION course_sub_courses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT parent_course_id FROM new_rows UNION SELECT sub_course_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_course_content_versions(ARRAY(
      WITH changed AS (
        SELECT n.parent_course_id AS new_parent, n.sub_course_id AS new_sub,
               o.parent_course_id AS old_parent, o.sub_course_id AS old_sub
        FROM new_rows n JOIN old_rows o ON o.sub_course_id = n.sub_course_id
        WHERE (n.parent_course_id, n.sort) IS DISTINCT FROM (o.parent_course_id, o.sort))
      SELECT new_parent FROM changed UNION SELECT old_parent FROM changed
      UNION SELECT new_sub FROM changed UNION SELECT old_sub FROM changed));
  ELSE
    PERFORM bump_course_content_versions(ARRAY(
      SELECT parent_course_id FROM old_rows UNION SELECT sub_course_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_sub_courses_content_insert AFTER INSERT ON course_sub_courses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_sub_courses_changed();
--> statement-breakpoint
CREATE TRIGGER course_sub_courses_content_update AFTER UPDATE ON course_sub_courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_sub_courses_changed();
--> statement-breakpoint
CREATE TRIGGER course_sub_courses_content_delete AFTER DELETE ON course_sub_courses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_sub_courses_changed();
--> statement-breakpoint
-- A sub-course's students are counted by its combined course: a student joining, leaving or changing role
-- there stamps the combined course too (the sub-course itself is stamped by course_members_changed).
CREATE FUNCTION sub_course_students_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT s.parent_course_id FROM new_rows n JOIN course_sub_courses s ON s.sub_course_id = n.course_id
      WHERE 'student' = ANY(n.roles)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT s.parent_course_id FROM new_rows n
      JOIN old_rows o ON o.course_id = n.course_id AND o.user_id = n.user_id
      JOIN course_sub_courses s ON s.sub_course_id = n.course_id
      WHERE ('student' = ANY(n.roles)) IS DISTINCT FROM ('student' = ANY(o.roles))));
  ELSE
    PERFORM bump_course_content_versions(ARRAY(
      SELECT s.parent_course_id FROM old_rows o JOIN course_sub_courses s ON s.sub_course_id = o.course_id
      WHERE 'student' = ANY(o.roles)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_members_parent_insert AFTER INSERT ON course_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sub_course_students_changed();
--> statement-breakpoint
CREATE TRIGGER course_members_parent_update AFTER UPDATE ON course_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sub_course_students_changed();
--> statement-breakpoint
CREATE TRIGGER course_members_parent_delete AFTER DELETE ON course_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sub_course_students_changed();
--> statement-breakpoint
-- A sub-course moved to the recycle bin (or restored) stops (or starts) lending its students.
CREATE FUNCTION sub_course_binned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_course_content_versions(ARRAY(
    SELECT s.parent_course_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN course_sub_courses s ON s.sub_course_id = n.id
    WHERE (n.recycle_bin_item_id IS NULL) IS DISTINCT FROM (o.recycle_bin_item_id IS NULL)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_parent_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sub_course_binned();
