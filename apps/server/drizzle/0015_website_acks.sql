CREATE TABLE "website_acks" (
	"address" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_acks_address_day_pk" PRIMARY KEY("address","day")
);
