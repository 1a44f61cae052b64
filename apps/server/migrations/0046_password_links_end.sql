-- A change of a user's password, e-mail or status ends every open password link of that user
-- (reset and invite links alike), in the transaction that makes the change, whichever path
-- makes it: a reset, a change, an administrator, a confirmed e-mail change. A link issued later
-- in that same transaction (a resent invitation) stays. The advisory lock is the one
-- `reset-links.repo.ts` takes to issue a link, so a link issued meanwhile ends here too.
CREATE FUNCTION users_end_password_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('password-links'), hashtext(NEW.id::text));
  UPDATE password_reset_tokens SET used_at = now() WHERE user_id = NEW.id AND used_at IS NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_end_password_links
  AFTER UPDATE OF password_hash, email, status ON users
  FOR EACH ROW
  WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash
     OR OLD.email IS DISTINCT FROM NEW.email
     OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION users_end_password_links();
