// What the scenarios' `paths(context)` read, gathered from the running store: product pages to rotate
// over, every category, and the deep listing pages of the large ones.

export const LISTING_LIMIT = 12;
/** The deepest page the web links by number (NUMBERED_PAGES); past it, it pages by cursor. */
export const DEEPEST_LINKED_PAGE = 10;
/** The deepest page the API opens by number. */
export const DEEPEST_NUMBERED_PAGE = 100;

/**
 * Deep category listing paths, for each category with more products than the numbered pages hold: the
 * deepest page the web links by number, and the page after the deepest numbered one through the
 * `nextCursor` that page answers with.
 */
export async function deepCategoryPaths(origin, categoryIds) {
  const paths = [];
  for (const id of categoryIds) {
    const deepest = `/api/product/search?categoryId=${id}&limit=${LISTING_LIMIT}&page=${DEEPEST_NUMBERED_PAGE}`;
    const response = await fetch(`${origin}${deepest}`);
    if (!response.ok) throw new Error(`${deepest} answered ${response.status}: ${await response.text()}`);
    const page = await response.json();
    if (page.total <= LISTING_LIMIT * DEEPEST_NUMBERED_PAGE) continue;
    paths.push(`/api/product/search?categoryId=${id}&limit=${LISTING_LIMIT}&page=${DEEPEST_LINKED_PAGE}`);
    if (page.nextCursor) {
      paths.push(
        `/api/product/search?categoryId=${id}&limit=${LISTING_LIMIT}&after=${encodeURIComponent(page.nextCursor)}`,
      );
    }
  }
  return paths;
}

const PRODUCT_PAGES_TO_ROTATE = 50;

/** Product pages of the running store to rotate over, by uuid and by paramName in turn. */
async function gatherProductPaths(origin) {
  const paths = [];
  for (let page = 1; page <= PRODUCT_PAGES_TO_ROTATE; page += 1) {
    const response = await fetch(`${origin}/api/product/search?sort=newest&limit=60&page=${page}`);
    if (!response.ok) throw new Error(`product search answered ${response.status}: ${await response.text()}`);
    const { products } = await response.json();
    if (products.length === 0) break;
    for (const [index, product] of products.entries()) {
      paths.push(`/api/product/one/${index % 2 === 0 ? product.uuid : product.paramName}`);
    }
  }
  if (paths.length === 0) throw new Error('the catalogue is empty: nothing to rotate over');
  return paths;
}

/** Every category of the tree, parents and leaves. */
async function gatherCategoryIds(origin) {
  const response = await fetch(`${origin}/api/product/categories`);
  if (!response.ok) throw new Error(`categories answered ${response.status}: ${await response.text()}`);
  const ids = [];
  const walk = (nodes) => {
    for (const node of nodes) {
      ids.push(node.id);
      walk(node.children);
    }
  };
  walk((await response.json()).categories);
  return ids;
}

/** What the scenarios' `paths(context)` read, gathered from the running store. */
export async function scenarioContext(origin) {
  const categoryIds = await gatherCategoryIds(origin);
  return {
    productPaths: await gatherProductPaths(origin),
    categoryIds,
    deepCategoryPaths: await deepCategoryPaths(origin, categoryIds),
  };
}
