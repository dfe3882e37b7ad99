ALTER TABLE "adjusters" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "adjusters" ADD CONSTRAINT "adjusters_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;