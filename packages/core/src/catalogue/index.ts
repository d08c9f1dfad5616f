export {
  buildCategoryTree,
  type CategoryEntry,
  type CategoryNode,
  categoryPath,
  flattenCategoryTree,
  isWithinCategory,
  parentIdOfPath,
} from './categories.js';
export * from './category-admin.js';
export { IMAGE_URL_PREFIX, imageUrl, thumbnailPath } from './images.js';
export * from './merchant-admin.js';
export * from './product-admin.js';
export * from './product-csv.js';
export * from './product-images.js';
export * from './schemas.js';
export { isInStock, linePrice, type StockedProduct } from './stock.js';
export {
  allVariantPaths,
  isValidVariantPath,
  type ProductVariant,
  parseVariantPath,
  variantLabel,
  variantPathOf,
} from './variants.js';
