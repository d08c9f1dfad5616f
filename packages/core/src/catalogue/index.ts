// Image paths have a module of their own, so a page can name pictures without loading the schemas here.
export { IMAGE_URL_PREFIX, imageUrl, optionalImageUrl, thumbnailPath } from '../images/index.js';
export { catalogueCalls } from './catalogue-calls.js';
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
export { categoryAdminCalls } from './category-admin-calls.js';
export * from './merchant-admin.js';
export { merchantAdminCalls } from './merchant-admin-calls.js';
export { notificationCalls } from './notification-calls.js';
export * from './product-admin.js';
export { productAdminCalls } from './product-admin-calls.js';
export * from './product-csv.js';
export { productImageCalls } from './product-image-calls.js';
export * from './product-images.js';
export { regionCalls } from './region-calls.js';
export * from './schemas.js';
export { isInStock, linePrice, type StockedProduct } from './stock.js';
export { planVariantTable, type StoredVariant, type VariantTableChange } from './variant-table.js';
export {
  allVariantPaths,
  isValidVariantPath,
  type ProductVariant,
  parseVariantPath,
  variantLabel,
  variantPathOf,
} from './variants.js';
export { wishlistCalls } from './wishlist-calls.js';
