CREATE TABLE "company_storage" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_byte_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback_screenshots" ADD COLUMN "draft_id" uuid;--> statement-breakpoint
ALTER TABLE "company_storage" ADD CONSTRAINT "company_storage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What a company keeps in storage, kept by the database: every table that records the size of a
-- stored file adds it on insert, the difference on a change of size, and takes it away on delete
-- (the feature's own delete, a purge, or a cascade), in the same transaction as the row. The size
-- column is the trigger's argument; a chat attachment's company is its conversation's. Checking an
-- upload against the total then reads one row instead of summing every file the company holds.
CREATE FUNCTION "company_storage_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fresh jsonb;
  gone jsonb;
  delta bigint;
  company uuid;
BEGIN
  IF TG_OP <> 'DELETE' THEN fresh := to_jsonb(NEW); END IF;
  IF TG_OP <> 'INSERT' THEN gone := to_jsonb(OLD); END IF;
  delta := coalesce((fresh ->> TG_ARGV[0])::bigint, 0) - coalesce((gone ->> TG_ARGV[0])::bigint, 0);
  IF delta = 0 THEN
    RETURN NULL;
  END IF;
  company := coalesce(fresh ->> 'company_id', gone ->> 'company_id')::uuid;
  IF company IS NULL AND TG_TABLE_NAME = 'message_attachments' THEN
    SELECT c.company_id INTO company FROM "messages" m JOIN "conversations" c ON c.id = m.conversation_id
    WHERE m.id = coalesce(fresh ->> 'message_id', gone ->> 'message_id')::uuid;
  END IF;
  IF company IS NULL THEN
    -- A chat attachment deleted with its message or its company: the total goes with the company.
    RETURN NULL;
  END IF;
  IF delta > 0 THEN
    INSERT INTO "company_storage" ("company_id", "bytes") VALUES (company, delta)
    ON CONFLICT ("company_id") DO UPDATE SET "bytes" = "company_storage"."bytes" + excluded."bytes";
  ELSE
    UPDATE "company_storage" SET "bytes" = greatest("bytes" + delta, 0) WHERE "company_id" = company;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "inspection_photos_storage" AFTER INSERT OR DELETE OR UPDATE OF "file_size" ON "inspection_photos" FOR EACH ROW EXECUTE FUNCTION "company_storage_count"('file_size');
--> statement-breakpoint
CREATE TRIGGER "project_files_storage" AFTER INSERT OR DELETE OR UPDATE OF "file_size" ON "project_files" FOR EACH ROW EXECUTE FUNCTION "company_storage_count"('file_size');
--> statement-breakpoint
CREATE TRIGGER "message_attachments_storage" AFTER INSERT OR DELETE OR UPDATE OF "file_size" ON "message_attachments" FOR EACH ROW EXECUTE FUNCTION "company_storage_count"('file_size');
--> statement-breakpoint
CREATE TRIGGER "feedback_screenshots_storage" AFTER INSERT OR DELETE OR UPDATE OF "byte_size" ON "feedback_screenshots" FOR EACH ROW EXECUTE FUNCTION "company_storage_count"('byte_size');
--> statement-breakpoint
CREATE TRIGGER "shingle_photos_storage" AFTER INSERT OR DELETE OR UPDATE OF "file_size" ON "shingle_photos" FOR EACH ROW EXECUTE FUNCTION "company_storage_count"('file_size');
--> statement-breakpoint
CREATE TRIGGER "roof_measurements_storage" AFTER INSERT OR DELETE OR UPDATE OF "report_file_size" ON "roof_measurements" FOR EACH ROW EXECUTE FUNCTION "company_storage_count"('report_file_size');
--> statement-breakpoint
CREATE TRIGGER "reports_storage" AFTER INSERT OR DELETE OR UPDATE OF "file_size" ON "reports" FOR EACH ROW EXECUTE FUNCTION "company_storage_count"('file_size');
--> statement-breakpoint
-- What companies already keep.
INSERT INTO "company_storage" ("company_id", "bytes")
SELECT "company_id", sum("bytes") FROM (
  SELECT "company_id", "file_size" AS "bytes" FROM "inspection_photos"
  UNION ALL SELECT "company_id", "file_size" FROM "project_files"
  UNION ALL SELECT c.company_id, a.file_size FROM "message_attachments" a JOIN "messages" m ON m.id = a.message_id JOIN "conversations" c ON c.id = m.conversation_id
  UNION ALL SELECT "company_id", "byte_size" FROM "feedback_screenshots"
  UNION ALL SELECT "company_id", "file_size" FROM "shingle_photos"
  UNION ALL SELECT "company_id", "report_file_size" FROM "roof_measurements" WHERE "report_file_size" IS NOT NULL
  UNION ALL SELECT "company_id", "file_size" FROM "reports" WHERE "file_size" IS NOT NULL
) stored
GROUP BY "company_id";
