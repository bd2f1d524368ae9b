CREATE TABLE "anchor_daily_stats" (
	"anchor_id" bigint NOT NULL,
	"day" date NOT NULL,
	"gift_diamond" bigint DEFAULT 0 NOT NULL,
	"gift_gold" bigint DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"quiz_stakes" bigint DEFAULT 0 NOT NULL,
	"new_followers" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anchor_daily_stats_anchor_id_day_pk" PRIMARY KEY("anchor_id","day")
);
--> statement-breakpoint
ALTER TABLE "anchor_daily_stats" ADD CONSTRAINT "anchor_daily_stats_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anchor_follows_created_idx" ON "anchor_follows" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ticket_grants_created_idx" ON "ticket_grants" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quiz_bets_created_idx" ON "quiz_bets" USING btree ("created_at");