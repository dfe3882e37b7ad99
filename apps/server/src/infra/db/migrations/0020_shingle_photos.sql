CREATE TABLE "shingle_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"identification_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_path" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shingle_photos_kind_known" CHECK ("shingle_photos"."kind" in ('face', 'back', 'exposure', 'release_tape'))
);
--> statement-breakpoint
ALTER TABLE "shingle_photos" ADD CONSTRAINT "shingle_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shingle_photos" ADD CONSTRAINT "shingle_photos_identification_id_shingle_identifications_id_fk" FOREIGN KEY ("identification_id") REFERENCES "public"."shingle_identifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shingle_photos" ADD CONSTRAINT "shingle_photos_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shingle_photos_identification_idx" ON "shingle_photos" USING btree ("company_id","identification_id");