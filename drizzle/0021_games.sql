CREATE TABLE "board_positions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_days" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"net_loss" bigint NOT NULL,
	CONSTRAINT "game_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "game_plays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"game_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"prize_item_type" integer,
	"prize_count" integer DEFAULT 0 NOT NULL,
	"outcome" jsonb NOT NULL,
	"stake_transaction_id" bigint NOT NULL,
	"payout_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_settings" (
	"brand_id" text PRIMARY KEY NOT NULL,
	"daily_loss_cap" bigint NOT NULL,
	CONSTRAINT "game_settings_cap_not_negative" CHECK ("game_settings"."daily_loss_cap" >= 0)
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"summary" jsonb NOT NULL,
	"min_stake" bigint NOT NULL,
	"max_stake" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "games_stakes" CHECK ("games"."min_stake" > 0 AND "games"."max_stake" >= "games"."min_stake")
);
--> statement-breakpoint
ALTER TABLE "board_positions" ADD CONSTRAINT "board_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_days" ADD CONSTRAINT "game_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_plays_user_key" ON "game_plays" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "game_plays_user_idx" ON "game_plays" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "games_slug_key" ON "games" USING btree ("slug");