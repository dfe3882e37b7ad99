ALTER TABLE "tutorials" ALTER COLUMN "embed_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tutorials" ADD COLUMN "guide" text;--> statement-breakpoint
ALTER TABLE "tutorials" ADD CONSTRAINT "tutorials_video_or_guide" CHECK ("tutorials"."embed_code" is not null or "tutorials"."guide" is not null);