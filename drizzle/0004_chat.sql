CREATE TABLE "chat_announcements" (
	"room_key" text PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"contact" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_bans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"unit" text NOT NULL,
	"duration" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" bigint,
	"trigger" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" bigint
);
--> statement-breakpoint
CREATE TABLE "chat_configs" (
	"brand_id" text PRIMARY KEY NOT NULL,
	"speak_rate" integer NOT NULL,
	"speak_rate_toggle" integer NOT NULL,
	"single_msg_num_length" integer NOT NULL,
	"single_msg_toggle" integer NOT NULL,
	"num_msg_count" integer NOT NULL,
	"num_msg_count_toggle" integer NOT NULL,
	"link_set" text NOT NULL,
	"link_set_toggle" integer NOT NULL,
	"continue_trigger_num" integer NOT NULL,
	"continue_trigger_banned" integer NOT NULL,
	"continue_trigger_toggle" integer NOT NULL,
	"total_trigger" integer NOT NULL,
	"total_trigger_banned" integer NOT NULL,
	"total_trigger_toggle" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_moderation_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_key" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" bigint,
	"target_user_id" bigint,
	"message_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_announcements" ADD CONSTRAINT "chat_announcements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bans" ADD CONSTRAINT "chat_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bans" ADD CONSTRAINT "chat_bans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bans" ADD CONSTRAINT "chat_bans_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_moderation_log" ADD CONSTRAINT "chat_moderation_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_moderation_log" ADD CONSTRAINT "chat_moderation_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_bans_active_idx" ON "chat_bans" USING btree ("room_key","user_id") WHERE "chat_bans"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "chat_moderation_log_room_idx" ON "chat_moderation_log" USING btree ("room_key","created_at");