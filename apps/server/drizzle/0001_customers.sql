CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"grade" integer,
	"source" integer,
	"nation" integer,
	"religion" integer,
	"situation" integer,
	"website" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"skype" text DEFAULT '' NOT NULL,
	"qq" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"last_received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(company_name || ' ' || name || ' ' || email || ' ' || phone || ' ' || website || ' ' || remark)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_live" ON "customers" USING btree ("email") WHERE deleted_at IS NULL AND email <> '';--> statement-breakpoint
CREATE INDEX "customers_search_trgm" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_created" ON "customers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "customers_last_received" ON "customers" USING btree ("last_received_at");--> statement-breakpoint
CREATE INDEX "customers_company" ON "customers" USING btree (lower("company_name"));--> statement-breakpoint
CREATE INDEX "customers_owner" ON "customers" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "customers_grade" ON "customers" USING btree ("grade");--> statement-breakpoint
CREATE INDEX "customers_nation" ON "customers" USING btree ("nation");