DROP INDEX "checkin_rewards_day_idx";--> statement-breakpoint
ALTER TABLE "checkin_rewards" ADD COLUMN "brand_id" text;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD COLUMN "brand_id" text;--> statement-breakpoint
CREATE INDEX "checkin_rewards_brand_day_idx" ON "checkin_rewards" USING btree ("brand_id","cycle_day","sort_order");--> statement-breakpoint
CREATE INDEX "lottery_prizes_brand_idx" ON "lottery_prizes" USING btree ("brand_id","sort_order");