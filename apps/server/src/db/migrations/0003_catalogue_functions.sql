-- Half-even rounding to a whole number (spec section 9). Region prices are converted in SQL only where the
-- database must sort or filter by them; the result must equal convertMoney's, which a test checks.
CREATE FUNCTION round_half_even(value numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT CASE WHEN abs(value - trunc(value)) = 0.5 THEN 2 * round(value / 2) ELSE round(value) END $$;
--> statement-breakpoint

-- A product with variants has the sum of its variants' stock as its own, whichever code changes them, so
-- "in stock" filters read one column. Statement-level, so bulk writes update each product once.
CREATE FUNCTION products_sync_variant_stock() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE products AS p
     SET stock = (SELECT coalesce(sum(v.stock), 0) FROM product_variants AS v WHERE v.product_id = p.id)
   WHERE p.id IN (SELECT DISTINCT product_id FROM changed_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_after_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION products_sync_variant_stock();
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_after_update AFTER UPDATE ON product_variants
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION products_sync_variant_stock();
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_after_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION products_sync_variant_stock();
--> statement-breakpoint

-- The word list behind spelling suggestions grows with every product written. Words are never removed:
-- a suggestion that no longer matches a product simply finds nothing.
CREATE FUNCTION search_words_collect() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT word
    FROM changed_rows,
         regexp_split_to_table(lower(changed_rows.name || ' ' || changed_rows.keywords), '[^[:alnum:]]+') AS word
   WHERE length(word) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_after_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
--> statement-breakpoint
CREATE TRIGGER products_search_words_after_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect();
