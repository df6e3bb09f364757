-- A password or a role that changes ends the account's sessions, whichever code or SQL session
-- made the change. Changing one's own password goes through Better Auth's changePassword with
-- revokeOtherSessions, which opens a new session for the person who made the change.
-- Upgrading a hash to stronger parameters (same password) sets betic.password_rehash and ends nothing.
CREATE OR REPLACE FUNCTION end_sessions_on_credential_change() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    DELETE FROM sessions WHERE user_id = NEW.id;
  ELSIF coalesce(current_setting('betic.password_rehash', true), '') <> 'on' THEN
    DELETE FROM sessions WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_role_changed ON users;
--> statement-breakpoint
CREATE TRIGGER users_role_changed AFTER UPDATE OF role ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION end_sessions_on_credential_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS accounts_password_changed ON accounts;
--> statement-breakpoint
CREATE TRIGGER accounts_password_changed AFTER UPDATE OF password ON accounts FOR EACH ROW
  WHEN (OLD.password IS DISTINCT FROM NEW.password) EXECUTE FUNCTION end_sessions_on_credential_change();
