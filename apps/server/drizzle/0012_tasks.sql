CREATE TABLE "task_account_limits" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"daily_cap" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_account_usage" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_account_usage_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "task_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"address" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"hit_count" integer DEFAULT 0 NOT NULL,
	"token" text NOT NULL,
	"message_id" text DEFAULT '' NOT NULL,
	"email_id" integer
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"interval_minutes" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customer_filter" jsonb,
	"copy_to_sent" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"public_url" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "task_account_limits" ADD CONSTRAINT "task_account_limits_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_account_usage" ADD CONSTRAINT "task_account_usage_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_recipients" ADD CONSTRAINT "task_recipients_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_recipients" ADD CONSTRAINT "task_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_recipients" ADD CONSTRAINT "task_recipients_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_recipients_task_address" ON "task_recipients" USING btree ("task_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "task_recipients_token" ON "task_recipients" USING btree ("token");--> statement-breakpoint
CREATE INDEX "task_recipients_task_status" ON "task_recipients" USING btree ("task_id","status");--> statement-breakpoint
CREATE INDEX "task_recipients_due" ON "task_recipients" USING btree ("scheduled_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "task_recipients_message_id" ON "task_recipients" USING btree ("message_id") WHERE message_id <> '';--> statement-breakpoint
CREATE INDEX "tasks_created" ON "tasks" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_status" ON "tasks" USING btree ("status");