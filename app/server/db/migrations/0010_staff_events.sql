-- What the back office's bell shows changed, from any instance or SQL session: every instance tells
-- its open back-office pages (LISTEN staff_events, then Server-Sent Events) to refresh the bell.
CREATE OR REPLACE FUNCTION notify_staff_event() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('staff_events', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A request arrives, changes status or is erased: once per statement, however many rows.
CREATE TRIGGER contacts_staff_event AFTER INSERT OR DELETE OR UPDATE OF status ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_event();
--> statement-breakpoint
-- A mail is given up after its retries.
CREATE TRIGGER email_outbox_staff_event AFTER UPDATE OF status ON email_outbox
  FOR EACH ROW WHEN (NEW.status = 'failed' AND OLD.status IS DISTINCT FROM 'failed')
  EXECUTE FUNCTION notify_staff_event();
