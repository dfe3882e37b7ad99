CREATE TABLE "claim_ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"figure" text,
	"payment_type" text,
	"amount_cents" bigint,
	"label" text,
	"on_date" date,
	"reference" text,
	"related_id" uuid,
	"note" text,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_ledger_entries_kind_known" CHECK ("claim_ledger_entries"."kind" in ('figure', 'supplement_requested', 'supplement_approved', 'supplement_denied', 'payment_expected', 'payment_received', 'reversal')),
	CONSTRAINT "claim_ledger_entries_amount_range" CHECK ("claim_ledger_entries"."amount_cents" is null or ("claim_ledger_entries"."amount_cents" >= 0 and "claim_ledger_entries"."amount_cents" <= 1000000000)),
	CONSTRAINT "claim_ledger_entries_figure" CHECK (("claim_ledger_entries"."kind" = 'figure') = ("claim_ledger_entries"."figure" is not null)),
	CONSTRAINT "claim_ledger_entries_payment_type" CHECK (("claim_ledger_entries"."kind" in ('payment_expected', 'payment_received')) = ("claim_ledger_entries"."payment_type" is not null)),
	CONSTRAINT "claim_ledger_entries_related" CHECK ("claim_ledger_entries"."kind" not in ('supplement_approved', 'supplement_denied', 'reversal') or "claim_ledger_entries"."related_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "claim_ledger_entries" ADD CONSTRAINT "claim_ledger_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_ledger_entries" ADD CONSTRAINT "claim_ledger_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_ledger_entries" ADD CONSTRAINT "claim_ledger_entries_related_id_claim_ledger_entries_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."claim_ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_ledger_entries" ADD CONSTRAINT "claim_ledger_entries_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_ledger_entries_project_idx" ON "claim_ledger_entries" USING btree ("company_id","project_id","created_at");--> statement-breakpoint
CREATE INDEX "claim_ledger_entries_related_idx" ON "claim_ledger_entries" USING btree ("related_id");--> statement-breakpoint
-- The claim ledger is append-only: a correction is a new row reversing an earlier one, never an edit.
-- Only the database's own referential actions pass (pg_trigger_depth() > 1: the claim file or company
-- deleted, an author's account deleted and the row's created_by set to null).
CREATE FUNCTION "claim_ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    IF NEW.created_by IS NULL AND (to_jsonb(NEW) - 'created_by') = (to_jsonb(OLD) - 'created_by') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'claim_ledger_entries is append-only: add a reversing entry instead';
END
$$;--> statement-breakpoint
CREATE TRIGGER "claim_ledger_entries_no_change" BEFORE UPDATE OR DELETE ON "claim_ledger_entries" FOR EACH ROW EXECUTE FUNCTION "claim_ledger_entries_append_only"();
