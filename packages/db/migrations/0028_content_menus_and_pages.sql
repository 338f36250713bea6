ALTER TABLE "top_menu_items" ALTER COLUMN "category_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "slug" text;--> statement-breakpoint
-- requirements#operator-content: a page's address is its title in lower case, words joined by
-- hyphens; a second page of a kind with the same address gets its id appended.
UPDATE "content_pages" SET "slug" = coalesce(nullif(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), ''), 'page');--> statement-breakpoint
UPDATE "content_pages" AS p SET "slug" = p."slug" || '-' || p."id" FROM (SELECT "id", row_number() OVER (PARTITION BY "section", "slug" ORDER BY "id") AS n FROM "content_pages") AS d WHERE d."id" = p."id" AND d.n > 1;--> statement-breakpoint
ALTER TABLE "content_pages" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
-- Bodies were plain text (blank lines between paragraphs, '## ' before a heading); they become the
-- HTML the console's editor writes, the text escaped.
UPDATE "content_pages" SET "body" = coalesce((SELECT string_agg(CASE WHEN b LIKE '## %' THEN '<h2>' || substr(b, 4) || '</h2>' ELSE '<p>' || b || '</p>' END, '' ORDER BY ord) FROM (SELECT trim(x) AS b, ord FROM regexp_split_to_table(replace(replace(replace(replace("body", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '\n\s*\n') WITH ORDINALITY AS t(x, ord)) AS blocks WHERE b <> ''), '');--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "footer_menu_items" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "top_menu_items" ADD COLUMN "link" text;--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_section_slug_key" ON "content_pages" USING btree ("section","slug");--> statement-breakpoint
ALTER TABLE "footer_menu_items" ADD CONSTRAINT "footer_menu_items_one_target" CHECK ("footer_menu_items"."page_id" IS NULL OR "footer_menu_items"."link" IS NULL);--> statement-breakpoint
ALTER TABLE "top_menu_items" ADD CONSTRAINT "top_menu_items_has_target" CHECK ("top_menu_items"."category_id" IS NOT NULL OR "top_menu_items"."link" IS NOT NULL);