ALTER TABLE "companies" ADD COLUMN "jurisdiction_state" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ice_barrier_at_eaves" boolean;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ice_barrier_eave_ft" integer DEFAULT 6 NOT NULL;