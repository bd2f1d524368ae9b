CREATE TABLE "chat_keywords" (
	"brand_id" text PRIMARY KEY NOT NULL,
	"words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
