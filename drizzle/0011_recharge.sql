CREATE TABLE "recharge_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" bigint,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"brand_id" text NOT NULL,
	"package_id" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"diamond" bigint NOT NULL,
	"bonus" bigint NOT NULL,
	"provider" text NOT NULL,
	"checkout_ref" text DEFAULT '' NOT NULL,
	"payment_ref" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"pending_reversal" text,
	"debt_paid" bigint DEFAULT 0 NOT NULL,
	"debt_booked" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"diamond" bigint NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharge_packages_amounts" CHECK ("recharge_packages"."price_minor" > 0 AND "recharge_packages"."diamond" > 0 AND "recharge_packages"."bonus" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_events_provider_event_idx" ON "recharge_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "recharge_events_order_idx" ON "recharge_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "recharge_orders_user_idx" ON "recharge_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_payment_ref_idx" ON "recharge_orders" USING btree ("provider","payment_ref");--> statement-breakpoint
CREATE INDEX "recharge_packages_brand_idx" ON "recharge_packages" USING btree ("brand_id","sort_order");