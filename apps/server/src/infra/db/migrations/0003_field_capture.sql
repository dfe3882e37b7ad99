CREATE TABLE "inspection_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	"field" text,
	"old_value" jsonb,
	"new_value" jsonb,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"session_id" uuid,
	"project_id" uuid,
	"structure_id" text,
	"file_path" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"category" text NOT NULL,
	"subcategory" text,
	"phase" text,
	"photo_type" text,
	"notes" text,
	"gps_coordinates" text,
	"gps_source" text,
	"captured_at" timestamp with time zone,
	"captured_at_source" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" text,
	"thumb_small_path" text,
	"thumb_large_path" text,
	"thumbnails_at" timestamp with time zone,
	"annotation" jsonb,
	"annotation_updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"inspector_id" text,
	"created_by" text,
	"street" text DEFAULT '' NOT NULL,
	"city" text,
	"state" text,
	"zip" text,
	"latitude" double precision,
	"longitude" double precision,
	"homeowner_name" text,
	"homeowner_phone" text,
	"homeowner_email" text,
	"date_of_loss" date,
	"loss_description" text,
	"loss_type" text,
	"loss_type_source" text,
	"structures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"carrier_id" uuid,
	"carrier_name" text,
	"policy_number" text,
	"claim_number" text,
	"adjuster_name" text,
	"adjuster_phone" text,
	"adjuster_email" text,
	"deductible_cents" bigint,
	"notes" text,
	"field_edited_at" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_activity" ADD CONSTRAINT "inspection_activity_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_activity" ADD CONSTRAINT "inspection_activity_session_id_inspection_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."inspection_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_activity" ADD CONSTRAINT "inspection_activity_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_session_id_inspection_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."inspection_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_sessions" ADD CONSTRAINT "inspection_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_sessions" ADD CONSTRAINT "inspection_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_sessions" ADD CONSTRAINT "inspection_sessions_inspector_id_user_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_sessions" ADD CONSTRAINT "inspection_sessions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_sessions" ADD CONSTRAINT "inspection_sessions_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_activity_session_idx" ON "inspection_activity" USING btree ("session_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspection_photos_session_idx" ON "inspection_photos" USING btree ("session_id","captured_at");--> statement-breakpoint
CREATE INDEX "inspection_photos_project_idx" ON "inspection_photos" USING btree ("project_id","captured_at");--> statement-breakpoint
CREATE INDEX "inspection_photos_company_idx" ON "inspection_photos" USING btree ("company_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inspection_photos_deleted_idx" ON "inspection_photos" USING btree ("deleted_at") WHERE "inspection_photos"."deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_photos_session_sha_unique" ON "inspection_photos" USING btree ("session_id","sha256") WHERE "inspection_photos"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "inspection_sessions_company_updated_idx" ON "inspection_sessions" USING btree ("company_id","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "inspection_sessions_project_idx" ON "inspection_sessions" USING btree ("project_id");