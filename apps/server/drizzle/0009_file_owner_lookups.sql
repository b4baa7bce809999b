CREATE INDEX "email_attachments_file" ON "email_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "emails_raw_file" ON "emails" USING btree ("raw_file_id");