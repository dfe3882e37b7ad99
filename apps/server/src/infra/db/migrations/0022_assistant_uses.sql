CREATE TABLE "assistant_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"conversation_id" uuid,
	"model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "assistant_uses_kind_known" CHECK ("assistant_uses"."kind" in ('answer', 'vision'))
);
--> statement-breakpoint
ALTER TABLE "assistant_uses" ADD CONSTRAINT "assistant_uses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_uses" ADD CONSTRAINT "assistant_uses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_uses" ADD CONSTRAINT "assistant_uses_conversation_id_assistant_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."assistant_conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_uses_company_day_idx" ON "assistant_uses" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_uses_unsettled_idx" ON "assistant_uses" USING btree ("conversation_id") WHERE "assistant_uses"."settled_at" is null;--> statement-breakpoint
-- The uses made before this table, so the day's count goes on where it was: every saved answer
-- (its conversation's user) and every suggestion from a photo, each settled when it was written.
INSERT INTO "assistant_uses" ("company_id", "user_id", "kind", "conversation_id", "model", "created_at", "settled_at")
SELECT m."company_id", c."user_id", 'answer', m."conversation_id", m."model", m."created_at", m."created_at"
FROM "assistant_messages" m JOIN "assistant_conversations" c ON c."id" = m."conversation_id"
WHERE m."role" = 'assistant';--> statement-breakpoint
INSERT INTO "assistant_uses" ("company_id", "user_id", "kind", "model", "created_at", "settled_at")
SELECT "company_id", "user_id", 'vision', "model", "created_at", "created_at" FROM "assistant_vision_uses";
