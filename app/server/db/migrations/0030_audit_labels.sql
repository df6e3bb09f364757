CREATE TABLE "audit_labels" (
	"hash" uuid PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_label_trgm_idx";--> statement-breakpoint
CREATE INDEX "audit_labels_label_trgm_idx" ON "audit_labels" USING gin ("label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_label_hash_idx" ON "audit_log" USING btree ((md5("details" ->> 'label')::uuid),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Keeps audit_labels equal to the titles audit_log holds: each statement adds the titles it wrote
-- and drops those it removed that no row keeps (a GDPR erasure takes the visitor's name out of
-- the rows: it must leave the search too). Both ways lock the titles' rows in one order, and the
-- drop looks for remaining rows only once it holds them (its own statement, so a fresh snapshot):
-- a title written by a transaction still running is never dropped, and no two wait on each other.
CREATE OR REPLACE FUNCTION keep_audit_labels() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM audit_labels;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM 1 FROM audit_labels
      WHERE hash IN (SELECT md5(details ->> 'label')::uuid FROM removed)
      ORDER BY hash FOR UPDATE;
    DELETE FROM audit_labels
      WHERE hash IN (SELECT md5(details ->> 'label')::uuid FROM removed)
        AND NOT EXISTS (
          SELECT 1 FROM audit_log WHERE md5(audit_log.details ->> 'label')::uuid = audit_labels.hash
        );
  END IF;
  IF TG_OP <> 'DELETE' THEN
    -- DO UPDATE with a false condition writes nothing but locks an existing title until commit.
    INSERT INTO audit_labels AS kept (hash, label)
      SELECT DISTINCT md5(details ->> 'label')::uuid, details ->> 'label'
      FROM added WHERE details ->> 'label' IS NOT NULL ORDER BY 1
      ON CONFLICT (hash) DO UPDATE SET label = excluded.label WHERE false;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_labels_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_audit_labels();
--> statement-breakpoint
CREATE TRIGGER audit_log_labels_update AFTER UPDATE ON audit_log REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_audit_labels();
--> statement-breakpoint
CREATE TRIGGER audit_log_labels_delete AFTER DELETE ON audit_log REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_audit_labels();
--> statement-breakpoint
CREATE TRIGGER audit_log_labels_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION keep_audit_labels();
--> statement-breakpoint
-- The triggers' lock on audit_log holds back writers until this migration commits: nothing is missed.
INSERT INTO audit_labels (hash, label)
  SELECT DISTINCT md5(details ->> 'label')::uuid, details ->> 'label'
  FROM audit_log WHERE details ->> 'label' IS NOT NULL;
