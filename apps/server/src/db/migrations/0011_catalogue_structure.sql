ALTER TABLE "categories" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;