DROP TABLE "user_balances" CASCADE;--> statement-breakpoint
DROP TABLE "backpack_items" CASCADE;--> statement-breakpoint
DROP TABLE "ticket_ledger" CASCADE;