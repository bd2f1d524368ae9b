CREATE TABLE "gift_combos" (
	"sender_id" bigint NOT NULL,
	"anchor_id" bigint NOT NULL,
	"gift_id" integer NOT NULL,
	"hit" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_combos_sender_id_anchor_id_gift_id_pk" PRIMARY KEY("sender_id","anchor_id","gift_id")
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text,
	"name" jsonb NOT NULL,
	"price" bigint NOT NULL,
	"currency" text NOT NULL,
	"icon" text NOT NULL,
	"animation" text NOT NULL,
	"animat_type" integer DEFAULT 1 NOT NULL,
	"duration_ms" integer DEFAULT 5000 NOT NULL,
	"combo" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_price_positive" CHECK ("gifts"."price" > 0),
	CONSTRAINT "gifts_currency" CHECK ("gifts"."currency" IN ('diamond', 'gold'))
);
--> statement-breakpoint
ALTER TABLE "gift_combos" ADD CONSTRAINT "gift_combos_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_brand_idx" ON "gifts" USING btree ("brand_id","sort_order");