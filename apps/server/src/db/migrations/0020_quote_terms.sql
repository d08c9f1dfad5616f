ALTER TABLE "quotation_items" ADD COLUMN "domestic_shipping_minor" bigint;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD COLUMN "fee_percent" text;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD COLUMN "rate_base_currency" text;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD COLUMN "rates_from_base" jsonb;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_weight_positive" CHECK ("quotation_items"."weight_grams" IS NULL OR "quotation_items"."weight_grams" >= 1);--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_domestic_shipping_not_negative" CHECK ("quotation_items"."domestic_shipping_minor" IS NULL OR "quotation_items"."domestic_shipping_minor" >= 0);