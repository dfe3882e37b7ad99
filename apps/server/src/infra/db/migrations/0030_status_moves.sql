ALTER TABLE "companies" ADD COLUMN "status_moves" text DEFAULT 'move' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "suggested_status_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "suggested_status_cause" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "suggested_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_suggested_status_id_project_statuses_id_fk" FOREIGN KEY ("suggested_status_id") REFERENCES "public"."project_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_status_moves_check" CHECK ("status_moves" IN ('move', 'suggest'));
