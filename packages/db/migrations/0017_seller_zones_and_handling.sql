ALTER TABLE "products" ADD COLUMN "handling" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "shipping_zones" text[] DEFAULT ARRAY['local', 'regional', 'national', 'remote']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_handling_known" CHECK (handling IN ('standard', 'bulky', 'fragile', 'hazardous'));--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_shipping_zones_known" CHECK (shipping_zones <@ ARRAY['local', 'regional', 'national', 'remote']::text[] AND 'local' = ANY (shipping_zones));