import { index, type RouteConfig, route } from '@react-router/dev/routes';

// Every page may sit under a country segment (/sg/cart); the layout checks it and the segment is
// used only for analytics (spec section 2).
export default [
  route(':country?', 'routes/country-layout.tsx', [
    index('routes/home.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('sign_in', 'routes/sign-in.tsx'),
    route('_app', 'routes/app-shell.tsx'),
    route('search', 'routes/search.tsx'),
    route('category/:categoryId', 'routes/category.tsx'),
    route('categories/:categoryId', 'routes/categories-redirect.tsx'),
    route('product/:productId', 'routes/product.tsx'),
    route('merchants', 'routes/merchants.tsx'),
    route('merchant/:merchantId', 'routes/merchant.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('image_page/:imagePageId', 'routes/image-page.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
