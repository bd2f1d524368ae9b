CREATE TABLE "checkin_days" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"cycle_day" integer NOT NULL,
	"retroactive" boolean DEFAULT false NOT NULL,
	"rewards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "checkin_days_streak_positive" CHECK ("checkin_days"."streak" > 0)
);
--> statement-breakpoint
CREATE TABLE "checkin_retro_months" (
	"user_id" bigint NOT NULL,
	"month" text NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "checkin_retro_months_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "checkin_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"cycle_day" integer NOT NULL,
	"reward_type" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"item_type" integer,
	"props_id" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "checkin_rewards_cycle_day" CHECK ("checkin_rewards"."cycle_day" BETWEEN 1 AND 7),
	CONSTRAINT "checkin_rewards_type" CHECK ("checkin_rewards"."reward_type" BETWEEN 0 AND 6),
	CONSTRAINT "checkin_rewards_quantity_positive" CHECK ("checkin_rewards"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "checkin_days" ADD CONSTRAINT "checkin_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_rewards_day_idx" ON "checkin_rewards" USING btree ("cycle_day","sort_order");