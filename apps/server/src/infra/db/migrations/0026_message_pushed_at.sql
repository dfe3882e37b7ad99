ALTER TABLE "messages" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: the messages stored before the server sent pushes were pushed by the sender's browser
-- (or never will be): none is pushed again when its event arrives.
UPDATE "messages" SET "pushed_at" = "created_at" WHERE "pushed_at" IS NULL;
