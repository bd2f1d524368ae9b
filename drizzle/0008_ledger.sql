CREATE TABLE "ledger_balances" (
	"account" text NOT NULL,
	"asset" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_balances_account_asset_pk" PRIMARY KEY("account","asset"),
	CONSTRAINT "ledger_balances_user_not_negative" CHECK ("ledger_balances"."balance" >= 0 OR "ledger_balances"."account" NOT LIKE 'user:%')
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account" text NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_pending" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"body_hash" text NOT NULL,
	"user_id" bigint,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","asset","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_pending_account_idx" ON "ledger_pending" USING btree ("account","asset");--> statement-breakpoint
CREATE INDEX "ledger_transactions_user_idx" ON "ledger_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");--> statement-breakpoint
-- Moving the books: every ticket movement becomes a ledger transaction under its old key (a grant's body hash is
-- the one the ledger computes for {count, userId}, so a retried grant still replays), then one opening transaction
-- books what the old balance tables held beyond those entries (seeded currencies and items) against the
-- promotions and issuer accounts, and the balances are the sums of the entries.
INSERT INTO "ledger_transactions" ("idempotency_key", "kind", "body_hash", "user_id", "meta", "created_at")
SELECT k."idempotency_key",
  CASE k."reason" WHEN 'grant' THEN 'ticket.grant' ELSE 'ticket.spend' END,
  encode(sha256(convert_to(CASE k."reason"
    WHEN 'grant' THEN '{"count":' || k."delta" || ',"userId":' || k."owner" || '}'
    ELSE '{"liveId":' || coalesce(k."live_id", 0) || ',"userId":' || k."owner" || '}' END, 'UTF8')), 'hex'),
  k."user_id",
  CASE k."reason" WHEN 'grant' THEN jsonb_build_object('note', k."note") ELSE jsonb_build_object('liveId', k."live_id") END,
  k."created_at"
FROM (
  SELECT DISTINCT ON ("idempotency_key") "idempotency_key", "reason", "delta", "user_id", substring("account" from 6) AS "owner", "live_id", "note", "created_at"
  FROM "ticket_ledger" WHERE "account" LIKE 'user:%' ORDER BY "idempotency_key", "id"
) AS k;--> statement-breakpoint
INSERT INTO "ledger_entries" ("transaction_id", "account", "asset", "amount", "created_at")
SELECT t."id", CASE WHEN l."account" IN ('issuer', 'spent') THEN 'system:' || l."account" ELSE l."account" END, 'item:105', l."delta", l."created_at"
FROM "ticket_ledger" AS l JOIN "ledger_transactions" AS t ON t."idempotency_key" = l."idempotency_key"
ORDER BY l."id";--> statement-breakpoint
INSERT INTO "ledger_transactions" ("idempotency_key", "kind", "body_hash", "meta")
VALUES ('migration:0008:opening', 'opening', '', '{"note":"balances held before the ledger"}');--> statement-breakpoint
WITH "wanted" AS (
  SELECT 'user:' || "user_id" AS "account", 'diamond' AS "asset", "diamond" AS "amount" FROM "user_balances"
  UNION ALL SELECT 'user:' || "user_id", 'gold', "gold" FROM "user_balances"
  UNION ALL SELECT 'user:' || "user_id", 'item:' || "item_type", "quantity" FROM "backpack_items"
), "booked" AS (
  SELECT "account", "asset", sum("amount") AS "amount" FROM "ledger_entries" GROUP BY "account", "asset"
), "difference" AS (
  SELECT w."account", w."asset", w."amount" - coalesce(b."amount", 0) AS "amount"
  FROM "wanted" AS w LEFT JOIN "booked" AS b ON b."account" = w."account" AND b."asset" = w."asset"
  WHERE w."amount" - coalesce(b."amount", 0) <> 0
), "opening" AS (
  SELECT "id" FROM "ledger_transactions" WHERE "idempotency_key" = 'migration:0008:opening'
)
INSERT INTO "ledger_entries" ("transaction_id", "account", "asset", "amount")
SELECT o."id", d."account", d."asset", d."amount" FROM "difference" AS d, "opening" AS o
UNION ALL
SELECT o."id", CASE WHEN d."asset" LIKE 'item:%' THEN 'system:issuer' ELSE 'system:promotions' END, d."asset", -sum(d."amount")
FROM "difference" AS d, "opening" AS o GROUP BY o."id", d."asset";--> statement-breakpoint
DELETE FROM "ledger_transactions" AS t
WHERE t."idempotency_key" = 'migration:0008:opening' AND NOT EXISTS (SELECT 1 FROM "ledger_entries" AS e WHERE e."transaction_id" = t."id");--> statement-breakpoint
INSERT INTO "ledger_balances" ("account", "asset", "balance")
SELECT "account", "asset", sum("amount") FROM "ledger_entries" GROUP BY "account", "asset";
