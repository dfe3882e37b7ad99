CREATE TABLE "share_link_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"to" text NOT NULL,
	"sent_by" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "deductible_cents" bigint;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "approved_cents" bigint;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "signer_email" text;--> statement-breakpoint
ALTER TABLE "share_link_emails" ADD CONSTRAINT "share_link_emails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_emails" ADD CONSTRAINT "share_link_emails_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_emails" ADD CONSTRAINT "share_link_emails_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_link_emails_link_idx" ON "share_link_emails" USING btree ("link_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "share_link_emails_company_idx" ON "share_link_emails" USING btree ("company_id","sent_at");