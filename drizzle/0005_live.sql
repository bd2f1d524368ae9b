CREATE TABLE "anchor_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"real_name" text NOT NULL,
	"contact_type" text NOT NULL,
	"contact" text NOT NULL,
	"id_number" text NOT NULL,
	"id_photo" text NOT NULL,
	"profile" text NOT NULL,
	"phone" text NOT NULL,
	"introducer" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'verifying' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "anchor_follows" (
	"user_id" bigint NOT NULL,
	"anchor_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anchor_follows_user_id_anchor_id_pk" PRIMARY KEY("user_id","anchor_id")
);
--> statement-breakpoint
CREATE TABLE "anchor_rooms" (
	"anchor_id" bigint PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"child_category_id" integer,
	"match_id" integer,
	"cover" text DEFAULT '' NOT NULL,
	"cover_vertical" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backpack_items" (
	"user_id" bigint NOT NULL,
	"item_type" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backpack_items_user_id_item_type_pk" PRIMARY KEY("user_id","item_type"),
	CONSTRAINT "backpack_items_quantity_check" CHECK ("backpack_items"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "live_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"anchor_id" bigint NOT NULL,
	"title" text NOT NULL,
	"category_id" integer NOT NULL,
	"child_category_id" integer NOT NULL,
	"match_id" integer,
	"cover" text NOT NULL,
	"ticket" integer DEFAULT 0 NOT NULL,
	"plan_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"live_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lives" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"anchor_id" bigint NOT NULL,
	"stream" text NOT NULL,
	"title" text NOT NULL,
	"category_id" integer NOT NULL,
	"child_category_id" integer NOT NULL,
	"match_id" integer,
	"cover" text DEFAULT '' NOT NULL,
	"cover_vertical" text DEFAULT '' NOT NULL,
	"ticket" integer DEFAULT 0 NOT NULL,
	"enable_webrtc" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"plan_id" bigint,
	"renditions" jsonb DEFAULT '["src"]'::jsonb NOT NULL,
	"source_height" integer DEFAULT 0 NOT NULL,
	"hls" boolean DEFAULT false NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_stream_at" timestamp with time zone,
	"away_since" timestamp with time zone,
	"auto_end_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "replays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"live_id" bigint NOT NULL,
	"anchor_id" bigint NOT NULL,
	"file" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"anchor_id" bigint NOT NULL,
	"stream" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"live_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"account" text NOT NULL,
	"user_id" bigint,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"live_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_history" (
	"user_id" bigint NOT NULL,
	"anchor_id" bigint NOT NULL,
	"live_id" bigint,
	"watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_history_user_id_anchor_id_pk" PRIMARY KEY("user_id","anchor_id")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"user_id" bigint,
	"category" text NOT NULL,
	"content" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anchor_applications" ADD CONSTRAINT "anchor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_follows" ADD CONSTRAINT "anchor_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_follows" ADD CONSTRAINT "anchor_follows_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anchor_rooms" ADD CONSTRAINT "anchor_rooms_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backpack_items" ADD CONSTRAINT "backpack_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_plans" ADD CONSTRAINT "live_plans_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_keys" ADD CONSTRAINT "stream_keys_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_grants" ADD CONSTRAINT "ticket_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_grants" ADD CONSTRAINT "ticket_grants_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ledger" ADD CONSTRAINT "ticket_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anchor_applications_user_key" ON "anchor_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "anchor_applications_status_idx" ON "anchor_applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "anchor_follows_anchor_idx" ON "anchor_follows" USING btree ("anchor_id");--> statement-breakpoint
CREATE INDEX "live_plans_anchor_idx" ON "live_plans" USING btree ("anchor_id","plan_time");--> statement-breakpoint
CREATE INDEX "live_plans_status_idx" ON "live_plans" USING btree ("status","plan_time");--> statement-breakpoint
CREATE UNIQUE INDEX "lives_open_anchor_key" ON "lives" USING btree ("anchor_id") WHERE "lives"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "lives_status_idx" ON "lives" USING btree ("status","started_at");--> statement-breakpoint
CREATE INDEX "lives_anchor_idx" ON "lives" USING btree ("anchor_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "replays_live_key" ON "replays" USING btree ("live_id");--> statement-breakpoint
CREATE INDEX "replays_anchor_idx" ON "replays" USING btree ("anchor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_keys_stream_key" ON "stream_keys" USING btree ("stream");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_keys_current_key" ON "stream_keys" USING btree ("anchor_id") WHERE "stream_keys"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_grants_user_live_key" ON "ticket_grants" USING btree ("user_id","live_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_ledger_movement_key" ON "ticket_ledger" USING btree ("idempotency_key","account");--> statement-breakpoint
CREATE INDEX "ticket_ledger_user_idx" ON "ticket_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "watch_history_user_idx" ON "watch_history" USING btree ("user_id","watched_at");--> statement-breakpoint
CREATE INDEX "feedback_brand_created_idx" ON "feedback" USING btree ("brand_id","created_at");