CREATE TABLE "lottery_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"prize_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text NOT NULL,
	"item_type" integer,
	"quantity" bigint NOT NULL,
	"weight" integer NOT NULL,
	"stock" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lottery_prizes_stock_not_negative" CHECK ("lottery_prizes"."stock" >= 0),
	CONSTRAINT "lottery_prizes_weight_positive" CHECK ("lottery_prizes"."weight" > 0)
);
--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_user_key" ON "lottery_draws" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "lottery_draws_user_idx" ON "lottery_draws" USING btree ("user_id","id");