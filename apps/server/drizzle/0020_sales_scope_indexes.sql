CREATE INDEX "quotations_owner" ON "quotations" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "emails_account_folder_date" ON "emails" USING btree ("account_id","folder","date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "invoices_owner" ON "invoices" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "packing_lists_owner" ON "packing_lists" USING btree ("owner_id");