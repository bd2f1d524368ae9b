CREATE TABLE "error_counts" (
	"minute" timestamp with time zone NOT NULL,
	"node" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "error_counts_minute_node_pk" PRIMARY KEY("minute","node")
);
