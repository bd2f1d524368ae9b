CREATE TABLE "fan_group_members" (
	"anchor_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	"kicked_at" timestamp with time zone,
	CONSTRAINT "fan_group_members_anchor_id_user_id_pk" PRIMARY KEY("anchor_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "fan_group_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"anchor_id" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"subject_id" bigint,
	"actor_id" bigint,
	"client_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_group_messages_type" CHECK ("fan_group_messages"."type" BETWEEN 0 AND 7)
);
--> statement-breakpoint
ALTER TABLE "fan_group_members" ADD CONSTRAINT "fan_group_members_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_group_members" ADD CONSTRAINT "fan_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_group_messages" ADD CONSTRAINT "fan_group_messages_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_group_messages" ADD CONSTRAINT "fan_group_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_group_members_user_idx" ON "fan_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fan_group_messages_group_idx" ON "fan_group_messages" USING btree ("anchor_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_group_messages_sender_client_key" ON "fan_group_messages" USING btree ("sender_id","client_id");