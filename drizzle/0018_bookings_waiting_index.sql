DROP INDEX "bookings_target_idx";--> statement-breakpoint
CREATE INDEX "bookings_waiting_idx" ON "bookings" USING btree ("kind","target_id") WHERE "bookings"."notified_at" IS NULL;