-- The course read (`GET /api/courses/{id}`) and its outline (`/modules`) are cached per course by the same
-- stamp as the activity list (course_content_versions, migration 0013; issue 21). Modules and syllabi
-- already stamp it; this adds everything else those two reads show alike to every viewer: the course row,
-- its instructors and student count (course_members), the names and avatars of its creator and
-- instructors (users), and the names of its academic year, semester, department, opened departments and
-- the organisations it is public to. What differs per viewer (their roles, simulating, can_manage) is
-- merged per request and needs no stamp.
CREATE FUNCTION courses_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_course_content_versions(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n IS DISTINCT FROM o));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_content_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION courses_row_changed();
--> statement-breakpoint
-- Only instructors (listed) and students (counted) show: other members come and go unstamped.
CREATE FUNCTION course_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT course_id FROM new_rows WHERE roles && ARRAY['instructor', 'student']::text[]));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT n.course_id FROM new_rows n JOIN old_rows o ON o.course_id = n.course_id AND o.user_id = n.user_id
      WHERE (n.roles && ARRAY['instructor', 'student']::text[] OR o.roles && ARRAY['instructor', 'student']::text[])
        AND n.roles IS DISTINCT FROM o.roles));
  ELSE
    PERFORM bump_course_content_versions(ARRAY(
      SELECT course_id FROM old_rows WHERE roles && ARRAY['instructor', 'student']::text[]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_members_content_insert AFTER INSERT ON course_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_members_changed();
--> statement-breakpoint
CREATE TRIGGER course_members_content_update AFTER UPDATE ON course_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_members_changed();
--> statement-breakpoint
CREATE TRIGGER course_members_content_delete AFTER DELETE ON course_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_members_changed();
--> statement-breakpoint
-- A course shows its creator's name and its instructors' names and small avatars.
CREATE FUNCTION course_people_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE (n.name, n.avatar_small_url) IS DISTINCT FROM (o.name, o.avatar_small_url)) THEN
    PERFORM bump_course_content_versions(ARRAY(
      WITH changed AS (
        SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.name, n.avatar_small_url) IS DISTINCT FROM (o.name, o.avatar_small_url))
      SELECT c.id FROM changed JOIN courses c ON c.created_by = changed.id
      UNION SELECT m.course_id FROM changed JOIN course_members m ON m.user_id = changed.id
      WHERE m.roles @> ARRAY['instructor']::text[]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_course_people_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_people_changed();
--> statement-breakpoint
-- Names a course shows of what it refers to. Rare organisation-wide edits: each stamps every course
-- referring to the renamed (or removed) row. Removing an academic year, semester or department sets the
-- courses' column to null, which the courses trigger stamps.
CREATE FUNCTION course_references_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'academic_years' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT c.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN courses c ON c.academic_year_id = n.id
      WHERE (n.name, n.code) IS DISTINCT FROM (o.name, o.code)));
  ELSIF TG_TABLE_NAME = 'semesters' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT c.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN courses c ON c.semester_id = n.id
      WHERE (n.name, n.code) IS DISTINCT FROM (o.name, o.code)));
  ELSIF TG_TABLE_NAME = 'departments' AND TG_OP = 'UPDATE' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT c.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN courses c
        ON c.department_id = n.id OR c.access -> 'opened_department_ids' @> to_jsonb(n.id)
      WHERE n.name IS DISTINCT FROM o.name));
  ELSIF TG_TABLE_NAME = 'departments' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT c.id FROM old_rows o JOIN courses c ON c.access -> 'opened_department_ids' @> to_jsonb(o.id)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_course_content_versions(ARRAY(
      SELECT c.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN courses c
        ON c.access -> 'public_to_org_ids' @> to_jsonb(n.id)
      WHERE n.name IS DISTINCT FROM o.name));
  ELSE
    PERFORM bump_course_content_versions(ARRAY(
      SELECT c.id FROM old_rows o JOIN courses c ON c.access -> 'public_to_org_ids' @> to_jsonb(o.id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER academic_years_course_update AFTER UPDATE ON academic_years REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_references_changed();
--> statement-breakpoint
CREATE TRIGGER semesters_course_update AFTER UPDATE ON semesters REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_references_changed();
--> statement-breakpoint
CREATE TRIGGER departments_course_update AFTER UPDATE ON departments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_references_changed();
--> statement-breakpoint
CREATE TRIGGER departments_course_delete AFTER DELETE ON departments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_references_changed();
--> statement-breakpoint
CREATE TRIGGER orgs_course_update AFTER UPDATE ON orgs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_references_changed();
--> statement-breakpoint
CREATE TRIGGER orgs_course_delete AFTER DELETE ON orgs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_references_changed();
