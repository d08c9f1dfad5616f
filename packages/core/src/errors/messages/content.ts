// The store's content: banners, popups, image pages and home product groups; and the contact form and its inbox.
export const CONTENT_ERRORS = {
  'image_page/not_found': 'The page you are looking for is not found',
  'banner/not_found': 'The banner you are looking for is not found',
  'popup/not_found': 'The popup you are looking for is not found',
  'content/invalid_title': 'Please enter a title of 1 to 120 characters',
  'content/invalid_text': 'The text can be at most 300 characters',
  'content/invalid_image': 'Please choose a picture from the store’s pictures',
  'content/invalid_link':
    'Links must be a path on this site, such as /search?q=tea, or an address starting with https://',
  'content/invalid_position': 'The position must be a whole number from 0 to 9999',
  'content/invalid_active': 'Please say whether this is shown',
  'content/invalid_window': 'The schedule must start before it ends',
  'home_group/not_found': 'The home product group you are looking for is not found',
  'content/invalid_category': 'Please choose a category from the catalogue, or none',
  'content/invalid_products': 'Please choose up to 30 different products from the catalogue',
  'content/invalid_page_id':
    'Please give the page an address of lower-case letters and digits, words joined by single hyphens, up to 64 characters',
  'content/invalid_pictures': 'Please give the page 1 to 20 pictures, each from the store’s pictures',
  'image_page/id_taken': 'Another page already has the address {0}; please choose another',
  'image_page/linked':
    'Banners or popups link to this page ({0}); change their links before deleting it, or switch the page off',
  'contact/invalid_name': 'Please enter your name (at most 100 characters)',
  'contact/invalid_email': 'Please enter a valid email address so we can reply',
  'contact/invalid_phone_number':
    'Please enter a valid phone number with its country code, such as +65 9123 4567',
  'contact/invalid_message': 'Please write your message (at most 5000 characters)',
  'contact/captcha_failed': 'We could not confirm you are not a robot; please tick the box and try again',
  'contact/captcha_unavailable': 'We could not check the robot test just now; please try again in a minute',
  'contact/not_found': 'The message you are looking for is not found',
  'contact/invalid_reply': 'Please write a reply of 1 to 5000 characters',
} as const;
