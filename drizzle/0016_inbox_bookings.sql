CREATE TABLE "direct_blocks" (
	"user_id" bigint NOT NULL,
	"blocked_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_blocks_user_id_blocked_id_pk" PRIMARY KEY("user_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "direct_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sender_id" bigint NOT NULL,
	"recipient_id" bigint NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"client_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "direct_messages_not_to_self" CHECK ("direct_messages"."sender_id" <> "direct_messages"."recipient_id"),
	CONSTRAINT "direct_messages_not_empty" CHECK ("direct_messages"."content" <> '' OR "direct_messages"."image_url" <> '')
);
--> statement-breakpoint
CREATE TABLE "direct_reads" (
	"user_id" bigint NOT NULL,
	"peer_id" bigint NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "direct_reads_user_id_peer_id_pk" PRIMARY KEY("user_id","peer_id")
);
--> statement-breakpoint
CREATE TABLE "system_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"user_id" bigint,
	"content" text NOT NULL,
	"sender_id" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_reads" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"target_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "bookings_user_id_kind_target_id_pk" PRIMARY KEY("user_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "live_start_notices" (
	"live_id" bigint PRIMARY KEY NOT NULL,
	"anchor_id" bigint NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"followed_live" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "direct_messages" ADD CONSTRAINT "direct_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD CONSTRAINT "direct_messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_messages" ADD CONSTRAINT "system_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_settings" ADD CONSTRAINT "notice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "direct_messages_sender_client_key" ON "direct_messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "direct_messages_recipient_sender_idx" ON "direct_messages" USING btree ("recipient_id","sender_id","id");--> statement-breakpoint
CREATE INDEX "direct_messages_sender_recipient_idx" ON "direct_messages" USING btree ("sender_id","recipient_id","id");--> statement-breakpoint
CREATE INDEX "system_messages_user_idx" ON "system_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "system_messages_brand_idx" ON "system_messages" USING btree ("brand_id","id");--> statement-breakpoint
CREATE INDEX "bookings_target_idx" ON "bookings" USING btree ("kind","target_id");