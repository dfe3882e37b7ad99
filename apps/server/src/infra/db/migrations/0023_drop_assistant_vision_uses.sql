DROP TABLE "assistant_vision_uses" CASCADE;
-- Its rows are kept in "assistant_uses" (migration 0022), which counts every use of the daily limit.
