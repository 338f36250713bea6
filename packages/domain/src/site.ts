// The shop's name and what it is, as pages, search engines and the installed app (requirements#pwa) say it.

export const SITE_NAME = 'Bazaar';

/** What search engines and shared links say of a page that does not describe itself (product pages do). */
export const SITE_DESCRIPTION =
  'Shop electronics, fashion, home, beauty and more from sellers across India: prices in rupees, delivery to your pincode, cash on delivery, easy returns.';
