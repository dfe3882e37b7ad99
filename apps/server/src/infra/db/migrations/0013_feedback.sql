CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"source" text DEFAULT 'user' NOT NULL,
	"source_ref" text,
	"message" text NOT NULL,
	"page" text,
	"app_version" text,
	"browser" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_type_known" CHECK ("feedback"."type" in ('problem', 'idea', 'question')),
	CONSTRAINT "feedback_status_known" CHECK ("feedback"."status" in ('new', 'planned', 'in_progress', 'done', 'wont_do')),
	CONSTRAINT "feedback_source_known" CHECK ("feedback"."source" in ('user', 'assistant'))
);
--> statement-breakpoint
CREATE TABLE "feedback_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feedback_id" uuid NOT NULL,
	"author_id" text,
	"by_team" boolean NOT NULL,
	"kind" text NOT NULL,
	"body" text,
	"status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_entries_kind" CHECK (("feedback_entries"."kind" = 'reply' and "feedback_entries"."body" is not null) or ("feedback_entries"."kind" = 'status' and "feedback_entries"."status" is not null))
);
--> statement-breakpoint
CREATE TABLE "feedback_screenshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"feedback_id" uuid,
	"object_path" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_entries" ADD CONSTRAINT "feedback_entries_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_entries" ADD CONSTRAINT "feedback_entries_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_screenshots" ADD CONSTRAINT "feedback_screenshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_screenshots" ADD CONSTRAINT "feedback_screenshots_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_screenshots" ADD CONSTRAINT "feedback_screenshots_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_author_idx" ON "feedback" USING btree ("company_id","author_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_triage_idx" ON "feedback" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_company_idx" ON "feedback" USING btree ("company_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_source_ref_unique" ON "feedback" USING btree ("source","source_ref") WHERE "feedback"."source_ref" is not null;--> statement-breakpoint
CREATE INDEX "feedback_entries_feedback_idx" ON "feedback_entries" USING btree ("feedback_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_screenshots_feedback_unique" ON "feedback_screenshots" USING btree ("feedback_id");--> statement-breakpoint
CREATE INDEX "feedback_screenshots_unsent_idx" ON "feedback_screenshots" USING btree ("created_at") WHERE "feedback_screenshots"."feedback_id" is null;