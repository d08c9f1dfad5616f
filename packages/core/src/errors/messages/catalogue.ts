// The catalogue: products, variants, categories, merchants, their pictures, and the products' CSV import.
export const CATALOGUE_ERRORS = {
  'product/not_found': 'The product you are looking for is not found',
  'category/not_found': 'The category you are looking for is not found',
  'merchant/not_found': 'The merchant you are looking for is not found',
  'category/invalid_name': 'Please enter a category name of 1 to 80 characters',
  'category/invalid_id':
    'Please give the category an id of lower-case letters, digits and single hyphens, up to 64 characters',
  'category/id_taken': 'A category with the id {0} already exists; please choose another id',
  'category/invalid_move': 'A category cannot be moved under itself or under a category inside it',
  'category/not_empty': 'The category {0} still holds products or categories; move or delete them first',
  'merchant/invalid_name': 'Please enter a merchant name of 1 to 100 characters',
  'merchant/invalid_slug':
    'Please give the merchant an address name of lower-case letters, digits and single hyphens, up to 64 characters',
  'merchant/slug_taken': 'A merchant with the address name {0} already exists; please choose another',
  'merchant/invalid_market_place': 'Please enter the marketplace the merchant sells on, 1 to 60 characters',
  'merchant/invalid_country': 'Please select a valid country',
  'merchant/invalid_description': 'The description can be at most 2000 characters',
  'image/unsupported_type': 'The picture must be a JPEG, PNG or WebP image',
  'image/too_many_pixels': 'The picture has too many pixels; the limit is {0} megapixels',
  'image/not_found': 'The picture you are looking for is not found',
  'image/too_many': 'A product can have at most {0} pictures; delete one first',
  'image/stale_order': 'The pictures changed meanwhile; please reload them and order them again',
  'product/invalid_cursor':
    'This page of results is no longer available, please start again from the first page',
  'product/stale_version':
    'Someone else changed this product after you opened it; reload it to see their changes, then make yours again',
  'product/variant_not_found': 'The variant you are looking for is not found',
  'product/stale_stock':
    'The stock of {0} is {1} now: it changed after you opened the product. Check it, then save again',
  'product/invalid_variant_path': 'Please choose one option of each kind for this variant',
  'product/invalid_variants':
    'Options can be added, but an option or kind that variants use cannot be removed or moved',
  'product/variant_ordered':
    'This variant has been ordered, so it is kept with its orders; set its stock to 0 to stop selling it',
  'product_import/empty': 'The file holds no products: a header line and at least one product line',
  'product_import/too_large': 'The file is too large; import at most {0} characters at a time',
  'product_import/too_many_lines': 'The file has too many lines; import at most {0} lines at a time',
  'product_import/invalid': 'The file has errors on {0} line(s); nothing was imported',
  'product_import/missing_column': 'The header line has no {0} column',
  'product_import/unknown_column': 'The header line has a column this import does not know: {0}',
  'product_import/duplicate_column': 'The header line has the {0} column more than once',
  'product_import/unknown_region':
    'No region {0} prices in {1}; export the products again for the current regions',
  'product_import/malformed_line': 'This line is not CSV with one cell per column of the header line',
  'product_import/unclosed_quote':
    'A cell on this line opens a quote (") that no line after it closes; close it, or take the quote out',
  'product_import/invalid_key':
    'The product column needs the product key: lower-case letters and digits joined by single hyphens, such as "wireless-earbuds"',
  'product_import/invalid_name': 'The name must be 1 to 200 characters',
  'product_import/unknown_category': 'There is no category {0}',
  'product_import/unknown_merchant': 'There is no merchant {0}',
  'product_import/invalid_enabled': 'The enabled column must be yes or no',
  'product_import/invalid_price':
    'The {0} column must be an amount such as 12.50, with at most the decimals its currency has',
  'product_import/invalid_stock': 'The stock must be a whole number from 0 to 1,000,000',
  'product_import/invalid_option':
    'Each option needs both its name and this line’s value, of at most 50 characters',
  'product_import/differs_from_first_line': 'The {0} differs from line {1}, which names the same product',
  'product_import/options_differ':
    'The options must be {0}, in this order, as on the product’s other lines and page',
  'product_import/no_options':
    'This product has no options, so its one line has none; add options on the product’s page first',
  'product_import/duplicate_variant': 'This variant is already on line {0}',
  'product_import/too_many_options': 'A kind of option can have at most {0} values',
  'product_import/stale_preview':
    'The catalogue changed since the preview; preview the file again to see what it will change',
} as const;
