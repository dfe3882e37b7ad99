ALTER TABLE "roof_measurements" ADD COLUMN "superseded_by" uuid;--> statement-breakpoint
ALTER TABLE "roof_measurements" ADD CONSTRAINT "roof_measurements_superseded_by_roof_measurements_id_fk" FOREIGN KEY ("superseded_by") REFERENCES "public"."roof_measurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 041): one measurement record per roof. A measurement entered on an
-- inspection that is on a claim file belongs to that claim file.
UPDATE "roof_measurements" AS m SET "project_id" = s."project_id"
  FROM "inspection_sessions" AS s
  WHERE s."id" = m."session_id" AND s."company_id" = m."company_id" AND s."project_id" IS NOT NULL
    AND m."project_id" IS DISTINCT FROM s."project_id";--> statement-breakpoint
-- Of several records of one claim file's roof, the one changed last is the roof's; the others are
-- kept, hidden, as superseded by it.
WITH ranked AS (
  SELECT "id",
    first_value("id") OVER (PARTITION BY "project_id" ORDER BY "updated_at" DESC, "id" DESC) AS keeper,
    row_number() OVER (PARTITION BY "project_id" ORDER BY "updated_at" DESC, "id" DESC) AS n
  FROM "roof_measurements" WHERE "project_id" IS NOT NULL AND "superseded_by" IS NULL
)
UPDATE "roof_measurements" AS m SET "superseded_by" = ranked.keeper FROM ranked WHERE m."id" = ranked."id" AND ranked.n > 1;--> statement-breakpoint
-- A kept record with no report file takes the newest report of those it supersedes (moved, not copied).
WITH moved AS (
  SELECT DISTINCT ON ("superseded_by") "id", "superseded_by", "report_file_path", "report_file_name", "report_mime_type", "report_file_size", "report_uploaded_at"
  FROM "roof_measurements" WHERE "superseded_by" IS NOT NULL AND "report_file_path" IS NOT NULL
  ORDER BY "superseded_by", "report_uploaded_at" DESC NULLS LAST, "id" DESC
), kept AS (
  UPDATE "roof_measurements" AS k SET "report_file_path" = moved."report_file_path", "report_file_name" = moved."report_file_name",
    "report_mime_type" = moved."report_mime_type", "report_file_size" = moved."report_file_size", "report_uploaded_at" = moved."report_uploaded_at"
  FROM moved WHERE k."id" = moved."superseded_by" AND k."report_file_path" IS NULL
  RETURNING moved."id" AS from_id
)
UPDATE "roof_measurements" AS d SET "report_file_path" = NULL, "report_file_name" = NULL, "report_mime_type" = NULL, "report_file_size" = NULL, "report_uploaded_at" = NULL
  FROM kept WHERE d."id" = kept.from_id;--> statement-breakpoint
CREATE UNIQUE INDEX "roof_measurements_project_unique" ON "roof_measurements" USING btree ("project_id") WHERE "roof_measurements"."project_id" is not null and "roof_measurements"."superseded_by" is null;