CREATE TABLE "room_managers" (
	"anchor_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"appointed_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_managers_anchor_id_user_id_pk" PRIMARY KEY("anchor_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "room_managers" ADD CONSTRAINT "room_managers_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_managers" ADD CONSTRAINT "room_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_managers" ADD CONSTRAINT "room_managers_appointed_by_users_id_fk" FOREIGN KEY ("appointed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_managers_user_idx" ON "room_managers" USING btree ("user_id");