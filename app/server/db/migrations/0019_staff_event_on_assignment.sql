-- The bell also lists the requests assigned to the person who reads it (issue 22): an assignment
-- tells every open back-office page, as a new request or a status change does.
DROP TRIGGER IF EXISTS contacts_staff_event ON contacts;
--> statement-breakpoint
CREATE TRIGGER contacts_staff_event AFTER INSERT OR DELETE OR UPDATE OF status, assigned_to ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_event();
