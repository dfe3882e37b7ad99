ALTER TABLE "roof_measurements" ALTER COLUMN "true_area_sq_ft" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "roof_measurements" ALTER COLUMN "squares_hundredths" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "roof_measurements" ALTER COLUMN "order_squares_hundredths" SET DATA TYPE bigint;