CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_path" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "external_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"host" text NOT NULL,
	"marketplace" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"name" text,
	"description" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_minor" integer,
	"price_currency" text,
	"fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_products_status" CHECK ("external_products"."status" in ('pending', 'done', 'failed')),
	CONSTRAINT "external_products_price_non_negative" CHECK ("external_products"."price_minor" IS NULL OR "external_products"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "link_previews" (
	"url" text PRIMARY KEY NOT NULL,
	"title" text,
	"description" text,
	"image" text,
	"site_name" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_source" text NOT NULL,
	"status" text DEFAULT 'p' NOT NULL,
	"product_id" uuid,
	"variant_path" text DEFAULT '' NOT NULL,
	"product_url" text,
	"external_product_id" uuid,
	"source_market_place" text,
	"name" text NOT NULL,
	"main_image" text,
	"quantity" integer NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"base_price_minor" integer,
	"base_price_currency" text,
	"quoted_price" jsonb,
	"quoted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"answered_by" uuid,
	"decline_reason" text,
	"declined_at" timestamp with time zone,
	"ordered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_items_source" CHECK ("quotation_items"."product_source" in ('i', 'e')),
	CONSTRAINT "quotation_items_status" CHECK ("quotation_items"."status" in ('p', 'r', 'd')),
	CONSTRAINT "quotation_items_quantity_positive" CHECK ("quotation_items"."quantity" >= 1),
	CONSTRAINT "quotation_items_source_fields" CHECK (("quotation_items"."product_source" = 'i') = ("quotation_items"."product_url" IS NULL)),
	CONSTRAINT "quotation_items_resolved_fields" CHECK ("quotation_items"."status" <> 'r' OR ("quotation_items"."quoted_at" IS NOT NULL AND "quotation_items"."expires_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_external_product_id_external_products_id_fk" FOREIGN KEY ("external_product_id") REFERENCES "public"."external_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_items" ADD CONSTRAINT "quotation_items_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_product_variant_unique" ON "cart_items" USING btree ("user_id","product_id","variant_path");--> statement-breakpoint
CREATE INDEX "cart_items_user_time_idx" ON "cart_items" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "external_products_url_unique" ON "external_products" USING btree ("url");--> statement-breakpoint
CREATE INDEX "quotation_items_user_time_idx" ON "quotation_items" USING btree ("user_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "quotation_items_pending_idx" ON "quotation_items" USING btree ("created_at","id") WHERE "quotation_items"."status" = 'p';--> statement-breakpoint
CREATE INDEX "products_category_newest_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id") WHERE NOT "products"."disabled";