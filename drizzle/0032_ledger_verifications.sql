CREATE TABLE "ledger_verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" bigint,
	"accounts" bigint NOT NULL,
	"entries" bigint NOT NULL,
	"mismatches" bigint NOT NULL,
	"details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_ms" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_verifications_created_idx" ON "ledger_verifications" USING btree ("created_at");