DROP INDEX "quotation_items_pending_idx";--> statement-breakpoint
CREATE INDEX "quotation_items_desk_idx" ON "quotation_items" USING btree ("status","created_at","id");