CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"project_id" uuid,
	"version" integer NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"depreciation_mode" text DEFAULT 'overall' NOT NULL,
	"overall_depreciation_bp" integer DEFAULT 0 NOT NULL,
	"op_enabled" boolean DEFAULT false NOT NULL,
	"carrier_scope" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supplement" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"overhead_cents" bigint DEFAULT 0 NOT NULL,
	"profit_cents" bigint DEFAULT 0 NOT NULL,
	"rcv_cents" bigint DEFAULT 0 NOT NULL,
	"depreciation_cents" bigint DEFAULT 0 NOT NULL,
	"acv_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roof_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"session_id" uuid,
	"project_id" uuid,
	"label" text DEFAULT '' NOT NULL,
	"structures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"true_area_sq_ft" integer DEFAULT 0 NOT NULL,
	"squares_hundredths" integer DEFAULT 0 NOT NULL,
	"order_squares_hundredths" integer DEFAULT 0 NOT NULL,
	"report_totals" jsonb,
	"report_file_path" text,
	"report_file_name" text,
	"report_mime_type" text,
	"report_file_size" bigint,
	"report_uploaded_at" timestamp with time zone,
	"notes" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "hail_hit_threshold" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_session_id_inspection_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."inspection_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roof_measurements" ADD CONSTRAINT "roof_measurements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roof_measurements" ADD CONSTRAINT "roof_measurements_session_id_inspection_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."inspection_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roof_measurements" ADD CONSTRAINT "roof_measurements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roof_measurements" ADD CONSTRAINT "roof_measurements_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_session_version_unique" ON "estimates" USING btree ("session_id","version");--> statement-breakpoint
CREATE INDEX "estimates_project_idx" ON "estimates" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "estimates_company_idx" ON "estimates" USING btree ("company_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "price_list_items_company_idx" ON "price_list_items" USING btree ("company_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_items_company_code_unique" ON "price_list_items" USING btree ("company_id","code") WHERE "price_list_items"."code" is not null;--> statement-breakpoint
CREATE INDEX "roof_measurements_company_updated_idx" ON "roof_measurements" USING btree ("company_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "roof_measurements_project_idx" ON "roof_measurements" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roof_measurements_session_unique" ON "roof_measurements" USING btree ("session_id") WHERE "roof_measurements"."session_id" is not null;