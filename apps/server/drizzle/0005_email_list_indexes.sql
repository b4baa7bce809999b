DROP INDEX "emails_folder_date";--> statement-breakpoint
DROP INDEX "emails_type_date";--> statement-breakpoint
CREATE INDEX "emails_folder_subject" ON "emails" USING btree ("folder","subject","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "emails_folder_date" ON "emails" USING btree ("folder","date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "emails_type_date" ON "emails" USING btree ("type","date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL AND folder <> 'trash' AND folder <> 'drafts';