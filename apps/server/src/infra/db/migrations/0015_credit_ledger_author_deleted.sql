-- The credit ledger stays append-only, but the database's own referential action passes: when the
-- account of the person who bought, spent or granted credits is deleted, its rows keep every figure
-- and only actor_id becomes null (ON DELETE SET NULL runs as an UPDATE from inside the delete, at
-- trigger depth 2). Any UPDATE a statement asks for directly is still refused.
CREATE OR REPLACE FUNCTION "credit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1
    AND NEW.actor_id IS NULL
    AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'credit_entries is append-only: add a correcting row instead';
END
$$;
