ALTER TABLE "inspection_photos" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD COLUMN "device_gps" text;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD COLUMN "camera_software" text;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD COLUMN "camera_width" integer;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD COLUMN "camera_height" integer;