CREATE TABLE "email_account_users" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "email_account_users_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "email_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"imap_host" text NOT NULL,
	"imap_port" integer DEFAULT 993 NOT NULL,
	"imap_secure" boolean DEFAULT true NOT NULL,
	"imap_user" text NOT NULL,
	"imap_password" text DEFAULT '' NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 465 NOT NULL,
	"smtp_secure" boolean DEFAULT true NOT NULL,
	"smtp_user" text DEFAULT '' NOT NULL,
	"smtp_password" text DEFAULT '' NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_addresses" (
	"email_id" integer NOT NULL,
	"role" text NOT NULL,
	"address" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	CONSTRAINT "email_addresses_email_id_role_address_pk" PRIMARY KEY("email_id","role","address")
);
--> statement-breakpoint
CREATE TABLE "email_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"mime" text NOT NULL,
	"content_id" text DEFAULT '' NOT NULL,
	"inline" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_blacklist_value_unique" UNIQUE("value")
);
--> statement-breakpoint
CREATE TABLE "email_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"path" text NOT NULL,
	"role" text NOT NULL,
	"uid_validity" text DEFAULT '' NOT NULL,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"highest_modseq" text DEFAULT '' NOT NULL,
	"last_synced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_uids" (
	"folder_id" integer NOT NULL,
	"uid" bigint NOT NULL,
	"email_id" integer NOT NULL,
	CONSTRAINT "email_uids_folder_id_uid_pk" PRIMARY KEY("folder_id","uid")
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"folder" text DEFAULT 'inbox' NOT NULL,
	"direction" text DEFAULT 'in' NOT NULL,
	"type" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'unhandled' NOT NULL,
	"handler_id" integer,
	"message_id" text DEFAULT '' NOT NULL,
	"dedupe_key" text NOT NULL,
	"in_reply_to" text DEFAULT '' NOT NULL,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"thread_id" integer,
	"subject" text DEFAULT '' NOT NULL,
	"base_subject" text DEFAULT '' NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"is_read" boolean DEFAULT false NOT NULL,
	"server_seen" boolean DEFAULT false NOT NULL,
	"has_attachment" boolean DEFAULT false NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"has_remote_images" boolean DEFAULT false NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raw_file_id" integer,
	"size" integer DEFAULT 0 NOT NULL,
	"is_raw" boolean DEFAULT false NOT NULL,
	"sender_ip" text DEFAULT '' NOT NULL,
	"sender_country" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"send_status" text DEFAULT '' NOT NULL,
	"send_error" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"trashed_at" timestamp with time zone,
	"previous_folder" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(subject || ' ' || from_name || ' ' || from_address || ' ' || left("text", 2000))) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_account_users" ADD CONSTRAINT "email_account_users_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_account_users" ADD CONSTRAINT "email_account_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_addresses" ADD CONSTRAINT "email_addresses_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_blacklist" ADD CONSTRAINT "email_blacklist_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_folders" ADD CONSTRAINT "email_folders_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_uids" ADD CONSTRAINT "email_uids_folder_id_email_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."email_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_uids" ADD CONSTRAINT "email_uids_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_raw_file_id_files_id_fk" FOREIGN KEY ("raw_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_account_users_user" ON "email_account_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_accounts_address" ON "email_accounts" USING btree (lower("address"));--> statement-breakpoint
CREATE INDEX "email_addresses_address" ON "email_addresses" USING btree ("address" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "email_addresses_name" ON "email_addresses" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "email_attachments_email" ON "email_attachments" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "email_blacklist_created" ON "email_blacklist" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_folders_account_path" ON "email_folders" USING btree ("account_id","path");--> statement-breakpoint
CREATE INDEX "email_uids_email" ON "email_uids" USING btree ("email_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emails_account_dedupe" ON "emails" USING btree ("account_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "emails_folder_date" ON "emails" USING btree ("folder","date" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "emails_type_date" ON "emails" USING btree ("type","date" DESC NULLS LAST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "emails_customer_date" ON "emails" USING btree ("customer_id","date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "emails_thread" ON "emails" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "emails_account_message_id" ON "emails" USING btree ("account_id","message_id");--> statement-breakpoint
CREATE INDEX "emails_account_in_reply_to" ON "emails" USING btree ("account_id","in_reply_to");--> statement-breakpoint
CREATE INDEX "emails_from_address" ON "emails" USING btree ("from_address");--> statement-breakpoint
CREATE INDEX "emails_account_base_subject" ON "emails" USING btree ("account_id","base_subject");--> statement-breakpoint
CREATE INDEX "emails_unread" ON "emails" USING btree ("account_id") WHERE is_read = false AND folder = 'inbox' AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "emails_search_trgm" ON "emails" USING gin ("search_text" gin_trgm_ops);