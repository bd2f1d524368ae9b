CREATE TABLE "quiz_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quiz_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"option" text NOT NULL,
	"amount" bigint NOT NULL,
	"result" text DEFAULT 'to_be_calculated' NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_bets_amount_positive" CHECK ("quiz_bets"."amount" > 0),
	CONSTRAINT "quiz_bets_payout_not_negative" CHECK ("quiz_bets"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quiz_daily_stakes" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"staked" bigint NOT NULL,
	CONSTRAINT "quiz_daily_stakes_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"anchor_id" bigint NOT NULL,
	"live_id" bigint NOT NULL,
	"question" text NOT NULL,
	"option_a" text NOT NULL,
	"option_b" text NOT NULL,
	"min_bet" bigint NOT NULL,
	"close_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"winner" text,
	"match_id" integer,
	"market" text,
	"line_tenths" integer,
	"pool" bigint,
	"house_cut" bigint,
	"winning_stake" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "quizzes_min_bet_positive" CHECK ("quizzes"."min_bet" > 0)
);
--> statement-breakpoint
ALTER TABLE "quiz_bets" ADD CONSTRAINT "quiz_bets_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_bets_quiz_idx" ON "quiz_bets" USING btree ("quiz_id","result","id");--> statement-breakpoint
CREATE INDEX "quiz_bets_quiz_user_idx" ON "quiz_bets" USING btree ("quiz_id","user_id");--> statement-breakpoint
CREATE INDEX "quiz_bets_user_idx" ON "quiz_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "quizzes_live_idx" ON "quizzes" USING btree ("live_id","id");--> statement-breakpoint
CREATE INDEX "quizzes_anchor_idx" ON "quizzes" USING btree ("anchor_id","id");--> statement-breakpoint
CREATE INDEX "quizzes_status_idx" ON "quizzes" USING btree ("status","close_at");--> statement-breakpoint
CREATE INDEX "quizzes_match_idx" ON "quizzes" USING btree ("match_id") WHERE "quizzes"."match_id" IS NOT NULL;