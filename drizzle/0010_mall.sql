CREATE TABLE "mall_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_type" integer,
	"props_id" integer DEFAULT 0 NOT NULL,
	"vip_level" integer,
	"period_days" integer,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"price" bigint NOT NULL,
	"currency" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"stock" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mall_items_stock_not_negative" CHECK ("mall_items"."stock" IS NULL OR "mall_items"."stock" >= 0),
	CONSTRAINT "mall_items_price_positive" CHECK ("mall_items"."price" > 0 AND "mall_items"."quantity" > 0),
	CONSTRAINT "mall_items_kind_fields" CHECK (("mall_items"."kind" = 'item' AND "mall_items"."item_type" IS NOT NULL) OR ("mall_items"."kind" = 'vip' AND "mall_items"."vip_level" BETWEEN 1 AND 3 AND "mall_items"."period_days" > 0))
);
--> statement-breakpoint
CREATE TABLE "vip_memberships" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vip_memberships" ADD CONSTRAINT "vip_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mall_items_brand_idx" ON "mall_items" USING btree ("brand_id","sort_order");--> statement-breakpoint
CREATE INDEX "vip_memberships_expires_idx" ON "vip_memberships" USING btree ("expires_at");