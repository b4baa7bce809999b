DROP INDEX "customers_created";--> statement-breakpoint
DROP INDEX "customers_last_received";--> statement-breakpoint
CREATE INDEX "customers_created" ON "customers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_last_received" ON "customers" USING btree ("last_received_at" DESC NULLS LAST,"id" DESC NULLS LAST);