CREATE TABLE "customer_owner_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"from_user_id" integer,
	"to_user_id" integer,
	"by_user_id" integer,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_owner_changes" ADD CONSTRAINT "customer_owner_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_owner_changes" ADD CONSTRAINT "customer_owner_changes_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_owner_changes" ADD CONSTRAINT "customer_owner_changes_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_owner_changes" ADD CONSTRAINT "customer_owner_changes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_owner_changes_customer" ON "customer_owner_changes" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "customers_email_domain" ON "customers" USING btree (split_part("email", '@', 2)) WHERE deleted_at IS NULL AND email <> '';