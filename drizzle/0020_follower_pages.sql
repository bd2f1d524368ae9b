DROP INDEX "anchor_follows_anchor_idx";--> statement-breakpoint
CREATE INDEX "anchor_follows_anchor_idx" ON "anchor_follows" USING btree ("anchor_id","user_id");