-- An order takes stock by updating its products' rows, and every such update used to cost as much as an
-- edit of the product: `stock` was in the facets index, so PostgreSQL wrote a new entry to all eight of the
-- table's indexes (the search document's GIN index among them), and the statement trigger collecting search
-- words split the name and keywords of every updated row again. Now the facets index holds whether any is
-- left, which changes only with the last unit, and the words are collected only when the name or keywords
-- change, so a stock update is an in-place (HOT) update. The spare room on each page is what lets the new
-- version of a row stay on its page.
ALTER TABLE "products" SET (fillfactor = 85);--> statement-breakpoint
DROP INDEX "products_facets_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "in_stock" boolean GENERATED ALWAYS AS (stock > 0) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("category_id","merchant_id","in_stock") WHERE NOT "products"."disabled";--> statement-breakpoint
DROP TRIGGER products_search_words_after_update ON products;--> statement-breakpoint
CREATE FUNCTION search_words_collect_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT word
    FROM regexp_split_to_table(lower(NEW.name || ' ' || NEW.keywords), '[^[:alnum:]]+') AS word
   WHERE length(word) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_words_after_update AFTER UPDATE OF name, keywords ON products
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.keywords IS DISTINCT FROM NEW.keywords)
  EXECUTE FUNCTION search_words_collect_row();
