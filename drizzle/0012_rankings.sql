CREATE TABLE "ranking_scores" (
	"board" text NOT NULL,
	"period" text NOT NULL,
	"member" bigint NOT NULL,
	"score" bigint NOT NULL,
	CONSTRAINT "ranking_scores_board_period_member_pk" PRIMARY KEY("board","period","member")
);
--> statement-breakpoint
CREATE INDEX "ranking_scores_top_idx" ON "ranking_scores" USING btree ("board","period","score" DESC NULLS LAST,"member");