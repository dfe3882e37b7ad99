CREATE TABLE "project_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"status_id" uuid NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "project_status_history" ADD CONSTRAINT "project_status_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_status_history" ADD CONSTRAINT "project_status_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_status_history" ADD CONSTRAINT "project_status_history_status_id_project_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."project_statuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_status_history_project_idx" ON "project_status_history" USING btree ("company_id","project_id","entered_at");--> statement-breakpoint
CREATE INDEX "project_status_history_status_idx" ON "project_status_history" USING btree ("company_id","status_id");--> statement-breakpoint
CREATE INDEX "inspection_sessions_company_created_idx" ON "inspection_sessions" USING btree ("company_id","created_at");--> statement-breakpoint
-- A claim file's stays in each status, written by the database whenever a claim file is created or
-- its status_id changes (every feature that moves a claim file goes through that column), in the
-- same transaction as the change.
CREATE FUNCTION "project_status_history_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.status_id IS NOT DISTINCT FROM OLD.status_id THEN
      RETURN NEW;
    END IF;
    UPDATE "project_status_history" SET "left_at" = now() WHERE "project_id" = NEW.id AND "left_at" IS NULL;
    INSERT INTO "project_status_history" ("company_id", "project_id", "status_id", "entered_at") VALUES (NEW.company_id, NEW.id, NEW.status_id, now());
  ELSE
    INSERT INTO "project_status_history" ("company_id", "project_id", "status_id", "entered_at") VALUES (NEW.company_id, NEW.id, NEW.status_id, NEW.created_at);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_status_history" AFTER INSERT OR UPDATE OF "status_id" ON "projects" FOR EACH ROW EXECUTE FUNCTION "project_status_history_record"();
--> statement-breakpoint
-- Backfill from the timeline: a claim file starts in the status its first status_changed entry left
-- (or, with none, its current status) at its creation, then enters each status_changed entry's new
-- status at that entry's time. The timeline names statuses, so a name matches the company's status
-- of that name; a name no longer in the pipeline (renamed or deleted since) is left out.
INSERT INTO "project_status_history" ("company_id", "project_id", "status_id", "entered_at", "left_at")
SELECT "company_id", "project_id", "status_id", "entered_at", lead("entered_at") OVER (PARTITION BY "project_id" ORDER BY "entered_at")
FROM (
  SELECT p.company_id, p.id AS project_id, p.created_at AS entered_at,
    CASE WHEN first_change.old_value IS NULL THEN p.status_id
      ELSE (SELECT s.id FROM project_statuses s WHERE s.company_id = p.company_id AND s.name = first_change.old_value ORDER BY s.position LIMIT 1)
    END AS status_id
  FROM projects p
  LEFT JOIN LATERAL (
    SELECT a.old_value FROM project_activity a WHERE a.project_id = p.id AND a.kind = 'status_changed' ORDER BY a.created_at LIMIT 1
  ) first_change ON true
  UNION ALL
  SELECT a.company_id, a.project_id, a.created_at,
    (SELECT s.id FROM project_statuses s WHERE s.company_id = a.company_id AND s.name = a.new_value ORDER BY s.position LIMIT 1)
  FROM project_activity a WHERE a.kind = 'status_changed'
) stays
WHERE "status_id" IS NOT NULL;
