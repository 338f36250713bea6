// Rewrites the citations in source comments that a reader of the repository cannot open ("spec §4",
// "spec:", "decision 12", "DESIGN.md §3", "issue 7") into anchors of docs/requirements.md
// ("requirements#item-actions") or ADR numbers ("ADR-0013"). Only comment text changes, so it can be
// run again after other work lands:  node --import tsx scripts/rewrite-references.ts [--dry-run]
// It prints every comment it could not place; add an entry to OVERRIDES for it and run again.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commentRanges, sourceFiles } from '../test/source-comments.ts';

const ROOT = join(import.meta.dirname, '..');

/**
 * Exact phrases (within one comment, or a run of `//` lines) replaced before anything else; the
 * third item, when given, limits the entry to paths that contain it.
 */
const OVERRIDES: [from: string, to: string, pathPart?: string][] = [
  // several sections, across lines, or a field name rather than a section
  [
    'spec purchase-and-account §2 Cancel and item detail pages, §3 cancel info, §4 Cancellation and\n// Cancel status display, §5 Cancel, §8 (the prepaid transaction-fee warning).',
    'requirements#cancellation, requirements#cancel-form and requirements#cancel-status (with the\n// prepaid transaction-fee warning).',
  ],
  [
    'spec purchase-and-account §4 (Order item actions) and §2 (Orders: /myorder): which actions an',
    'requirements#item-actions and requirements#my-orders: which actions an',
  ],
  ['(ids in the URL, decision 12)', '(ids in the URL, requirements#ids-in-urls)'],
  [
    'spec purchase-and-account §2 (Orders: /myorder, order details, /trackitem), §4 (item actions,',
    'requirements#my-orders, requirements#item-actions, requirements#tracking (item actions,',
  ],
  [
    '(spec purchase-and-account §4 status displays: initiated, processed, completed; §9\n// the 7 to 10 business day estimate)',
    '(requirements#refund-life: initiated, processed, completed; requirements#refund-estimate:\n// the 7 to 10 business day estimate)',
  ],
  [
    'spec purchase-and-account §2 (Return, Return in process, Replacement, item detail pages), §4\n// (eligibility and status displays), §5 (Return, Replacement), §8, §9 (uploads, pickup window,',
    'requirements#return-eligibility, requirements#return-form, requirements#replacement-form,\n// requirements#return-status, requirements#item-details, requirements#pickup-window (uploads, pickup window,',
  ],
  [
    '(spec purchase-and-account §4; DESIGN.md\n// decision 13: sellers move items through it)',
    '(requirements#item-life;\n// requirements#seller-fulfilment: sellers move items through it)',
  ],
  [
    '(spec purchase-and-account §2 Checkout, Delivery review, Final review, Buy Now;\n// §4 Delivery choice; §5 Cart and checkout; §8)',
    '(requirements#checkout-steps, requirements#buy-now,\n// requirements#delivery-choice, requirements#checkout-lines, requirements#payment-buttons)',
  ],
  [
    '(spec purchase-and-account §2 Checkout to Final review and Buy Now,\n// §3 browser-stored values, §4 Delivery choice and Order placement)',
    '(requirements#checkout-steps and requirements#buy-now,\n// requirements#browser-storage, requirements#delivery-choice and requirements#order-placement)',
  ],
  [
    '(spec storefront §2 Category listing,\n// §4 filters toggle per attribute, §9 price slider and page-content blocks; DESIGN.md decision 9)',
    '(requirements#listing,\n// requirements#listing-filters, requirements#content-blocks; requirements#delivery-day-filters)',
  ],
  [
    "(spec storefront §2 'Deals, percentage offers, search results'; decision 1)",
    '(requirements#search-results, requirements#paging)',
  ],
  ['(spec: storefront §2 search bar, §5)', '(requirements#search-suggestions, requirements#search-submit)'],
  [
    '(spec: storefront §2 search bar, §4, §5)',
    '(requirements#search-suggestions, requirements#search-submit)',
  ],
  ['(spec storefront §3 brand campaign, §7 track_click)', '(requirements#campaigns, requirements#ad-clicks)'],
  ['(spec storefront §4, §9)', '(requirements#browsing-history)'],
  [
    'The browser storage keys the spec names (storefront §3), in one place.',
    'The browser storage keys (requirements#browser-storage), in one place.',
  ],
  [
    'spec (purchase-and-account §2 Feedback, §3 Feedback, §5 Feedback and Return images, §8, §9).',
    'requirements#feedback and requirements#uploads.',
  ],
  ['(spec §3 deal product, §7 get_lightning_deals.php,', '(requirements#deals: get_lightning_deals.php,'],
  ['(spec §5/§9)', '(requirements#pickup-window)'],
  ['spec §5/§9 for several products at once', 'requirements#pickup-window for several products at once'],
  ['spec §5/§9: pickup days', 'requirements#pickup-window: pickup days'],
  ['spec §5/§9: up to 5 images', 'requirements#uploads: up to 5 images'],
  ['spec §5/§9: at most 5 images', 'requirements#uploads: at most 5 images'],
  ['(spec §5/§8)', '(requirements#feedback)'],
  ['(spec §4/§5)', '(requirements#return-form)'],
  ['(spec §2 and §9)', '(requirements#my-orders)'],
  [
    '(spec: purchase-and-account §3 cart item, §4 Cart; storefront §4, §5)',
    '(requirements#cart-lines, requirements#cart-sync, requirements#add-to-cart)',
  ],
  [
    '(spec: purchase-and-account §3 cart item, §4 Cart, §5 Cart and checkout)',
    '(requirements#cart-lines, requirements#coupons, requirements#quantity-choices)',
  ],
  [
    '(spec purchase-and-account §2 Buy Now, §3 buyNowItem, §5)',
    '(requirements#buy-now, requirements#buy-now-item)',
  ],
  [
    '(spec: storefront §2 delivery-location modal, §4, §5, §8, §9)',
    '(requirements#location-modal, requirements#initial-pincode, requirements#pincode-input)',
  ],
  ['(spec: storefront §2 Product detail, §5, §8, §9)', '(requirements#product-page)'],
  ['(purchase-and-account §2, §8)', '(requirements#cart-page, requirements#cart-availability)'],
  [
    'spec (purchase-and-account §2 /addressform, §3 Address, §4, §5 Address, §8)',
    'requirements#addresses, requirements#one-default',
  ],
  [
    'spec (purchase-and-account §2 /bankaccount and accountform, §3 Bank account, §4, §5, §8)',
    'requirements#bank-accounts, requirements#one-default',
  ],
  ['Beyond the spec (issue 5): IFSC', 'Beyond the earlier app (requirements#bank-accounts): IFSC'],
  [
    'spec (purchase-and-account §2 Cart tabs, /mywhishlist, /saveforlater, /buyagain; §3 saved item)',
    'requirements#saved-lists',
  ],
  ['(issue 5 security rules; spec §9 for the lengths)', '(requirements#one-time-codes)'],
  [
    '(spec §9, decisions 3 and 4)',
    '(requirements#order-summary, requirements#platform-promo, requirements#delivery-charge)',
  ],
  ['spec §9 with decision 4:', 'requirements#delivery-charge:'],
  ['(spec §9 and DESIGN.md §3 Delivery)', '(requirements#delivery-types, requirements#delivery-zones)'],
  [
    'spec §4 and §9: whether the item',
    'requirements#return-eligibility and requirements#pickup-window: whether the item',
  ],
  ['(spec §4, §8)', '(requirements#return-eligibility)'],
  ['(spec §2, §4, §5)', '(requirements#cancellation, requirements#cancel-form)'],
  ['(spec §2, §4)', '(requirements#cancel-status)', 'cancelled-item'],
  ['(spec §2 item detail pages, §3 cancel info, §4 Cancel status display)', '(requirements#cancel-status)'],
  ['spec §2 item detail pages and §3 return/replacement info', 'requirements#item-details'],
  [
    '(spec §5 Return and Replacement, §7 returnorders.php)',
    '(requirements#return-form, requirements#replacement-form: returnorders.php)',
  ],
  [
    'spec §5 Return and Replacement, §7 returnorders.php',
    'requirements#return-form and requirements#replacement-form (returnorders.php)',
  ],
  ['(spec §2 Cart, §4 Cart, §8)', '(requirements#cart-page, requirements#cart-availability)'],
  ['(spec §2 Buy Now, §5, §8)', '(requirements#buy-now)'],
  [
    '(spec §2 Final review, §5, §8)',
    '(requirements#checkout-steps, requirements#payment-buttons, requirements#checkout-lines)',
  ],
  [
    '(spec §2 Delivery review, §4 Delivery choice)',
    '(requirements#checkout-steps, requirements#delivery-choice)',
  ],
  [
    '(spec §2 Delivery review, §9 labels and arrival)',
    '(requirements#delivery-types, requirements#arrival-date)',
  ],
  ['(spec §4 Order placement, §8 texts)', '(requirements#order-placement)'],
  ['(spec §2, §4)', '(requirements#category-menu)', 'category-menu'],
  ['(spec §2 Orders, §9 page size 3)', '(requirements#my-orders)'],
  ['(spec §2 Cart tabs, §3 saved item)', '(requirements#saved-lists)'],
  ['(spec §2 deals, search results)', '(requirements#product-cards)'],
  [
    '(spec §2 home: lightning deals and percentage-offer deals for page home)',
    '(requirements#home-blocks: lightning deals and percentage-offer deals for page home)',
  ],
  [
    '(spec: first name, date, order number, text, stars, images, seller message)',
    '(requirements#reviews: first name, date, order number, text, stars, images, seller message)',
  ],
  ["(the spec's own (§2, §5, §8), and ours", '(requirements#checkout-lines, requirements#buy-now, and ours'],
  ["the spec's own (§2, §5, §8)", 'requirements#checkout-lines and requirements#buy-now'],
  ['spec product_cmode', 'requirements#my-orders: product_cmode'],
  ['spec coupon_selected_days', 'requirements#coupons: coupon_selected_days'],
  ['spec cart state cartChanged', 'requirements#cart-sync: cartChanged'],
  ['(spec: product_ad_type)', '(requirements#ad-clicks: product_ad_type)'],
  ['(spec: gethistory.php)', '(requirements#browsing-history: gethistory.php)'],
  ['(spec: orderquestions.php, type cancel)', '(requirements#cancel-form: orderquestions.php, type cancel)'],
  [
    '(spec: purchase-and-account §2 access rules; decision 2 puts checkout here)',
    '(requirements#access-rules, checkout included)',
  ],
  ['(spec: six tracking steps', '(requirements#tracking: six tracking steps'],
  ['(spec: Red, Blue,', '(requirements#listing-filters: Red, Blue,'],
  ['(spec: capped at 10,', '(requirements#browsing-history: capped at 10,'],
  ['(spec: the cart badge counts cart lines)', '(requirements#header: the cart badge counts cart lines)'],
  [
    "(spec: titled 'Unexpected Application Error!')",
    "(requirements#not-found: titled 'Unexpected Application Error!')",
  ],
  ["(spec: '0000-00-00')", "(requirements#profile: '0000-00-00')"],
  ['(spec: registration → verify → profile)', '(requirements#registration: registration → verify → profile)'],
  ['(spec: treated as none)', '(requirements#initial-pincode: treated as none)'],
  ['(spec: returned plus replaced)', '(requirements#return-eligibility: returned plus replaced)'],
  ['(spec: the real amount, not a sample)', '(requirements#item-details: the real amount, not a sample)'],
  ['(spec §2: the real amount, not a sample)', '(requirements#item-details: the real amount, not a sample)'],
  ["(spec: 'records the click, then opens", "(requirements#ad-clicks: 'records the click, then opens"],
  [
    '(spec: clicks are recorded only for type click)',
    '(requirements#ad-clicks: clicks are recorded only for type click)',
  ],
  ['(spec: truncated at 70 characters)', '(requirements#brand-page: truncated at 70 characters)'],
  ['(spec: storefront §2 Product detail)', '(requirements#product-page)'],
  ['(spec: purchase-and-account §3 cart item)', '(requirements#cart-lines)'],
  [
    '(spec §2: no chosen address on the delivery pages)',
    '(requirements#checkout-steps: no chosen address on the delivery pages)',
  ],
  ['(spec §6)', '(requirements#browsing-history)'],
  ['(spec §7 selectedItems)', '(requirements#return-form: selectedItems)'],
  ['(spec §5 Discountdata)', '(requirements#coupons)'],
  ['(spec §3 selectedAddress)', '(requirements#browser-storage: selectedAddress)'],
  ['spec §7 pclaim.php', 'requirements#privilege-claim (pclaim.php)'],
  ['(spec §7 pclaim.php', '(requirements#privilege-claim: pclaim.php'],
  [
    'spec §7: the checkout opens with the name, email and phone prefilled',
    'requirements#payments: the checkout opens with the name, email and phone prefilled',
  ],
  ['spec §7: the amount in paise, INR', 'requirements#payments: the amount in paise, INR'],
  ["into a shopper's history (spec §4)", "into a shopper's history (requirements#browsing-history)"],
  ['(one per image, spec §5)', '(one per image, requirements#sponsored-banner)'],
  [
    '(or video, with controls and no autoplay, spec §9)',
    '(or video, with controls and no autoplay, requirements#home-video-ad)',
  ],
  [
    "The return and replacement form's fields (spec §5)",
    "The return and replacement form's fields (requirements#return-form)",
  ],
  ['carousels (spec storefront §9).', 'carousels (requirements#paging, requirements#product-carousels).'],
  ['spec §8: what a failed', 'requirements#bank-accounts: what a failed', 'bank-accounts'],
  ['spec §2: the X delete', 'requirements#bank-accounts: the X delete', 'bank-accounts'],
  ['/** spec §5 */', '/** requirements#cancel-form */', 'orders/cancel.ts'],
  ['/** spec §2 */', '/** requirements#cancel-status */', 'orders/cancel.ts'],
  [
    'spec (purchase-and-account §3 User, §5 Login, §8)',
    'requirements#profile and requirements#change-password',
  ],
  ['(cash refunds, decision 11)', '(cash refunds, ADR-0011)'],
  ['each on its own shipment (decision 12)', 'each on its own shipment (ADR-0012)'],
  ['(DESIGN §1: no state in memory)', '(requirements#no-state-in-memory)'],
  ['DESIGN decision 7:', 'ADR-0007:'],
  ['decision 5 and DESIGN.md §5:', 'requirements#server-prices and requirements#safe-writes:'],
  ['(DESIGN.md §2)', '(requirements#dependency-direction)'],
  [
    'the dependency direction of DESIGN.md §2:',
    'the dependency direction (requirements#dependency-direction):',
  ],
  ['DESIGN.md §5: every API error has this shape', 'requirements#api-errors: every API error has this shape'],
  [
    'DESIGN.md §5: concurrent buyers never oversell',
    'requirements#safe-writes: concurrent buyers never oversell',
  ],
  [
    'spec purchase-and-account §5 and §8 (Payment and orders)',
    'requirements#order-placement and requirements#checkout-lines',
  ],
  ['(spec §8 closed states)', '(requirements#return-eligibility, requirements#replacement-eligibility)'],
  ['(spec §8 fallbacks and our server answers)', '(requirements#one-time-codes, and our server answers)'],
];

/** "decision N" of the design's open points, and where it is written now. */
const DECISIONS: Record<number, string> = {
  1: 'requirements#search-results',
  2: 'requirements#access-rules',
  3: 'requirements#platform-promo',
  4: 'requirements#delivery-charge',
  5: 'requirements#server-prices',
  6: 'requirements#payments',
  7: 'ADR-0007',
  8: 'requirements#saved-lists',
  9: 'requirements#delivery-day-filters',
  10: 'requirements#reverse-geolocation',
  11: 'requirements#footer',
  12: 'requirements#ids-in-urls',
  13: 'requirements#seller-fulfilment',
  14: 'requirements#sponsored-banner',
  15: 'requirements#secure-checkout',
  16: 'ADR-0013',
};

/** The rule a citation's own words name ("spec §5 Cancel", "spec §2 Home"), before its comment's words. */
const CITATION_TOPICS: [RegExp, string][] = [
  [/§5 Cancel\b/, 'cancel-form'],
  [/§5 Return and Replacement/, 'return-form'],
  [/§2 Cancel\b/, 'cancellation'],
  [/\bHome\b/, 'home-blocks'],
  [/seller landing/, 'seller-landing'],
  [/§2 Checkout$/, 'checkout-steps'],
  [/§2 Return in process/, 'return-in-process'],
  [/§8 (Delivery|Final) review/, 'checkout-lines'],
  [/§5 and §8/, 'buy-now'],
  [/§2 Buy Now/, 'buy-now'],
  [/cancelled item details/, 'cancel-status'],
  [/Return and Replacement eligibility/, 'return-eligibility'],
  [/§4 status values/, 'return-status'],
  [/account menu links/, 'account-hub'],
  [/§5 Login/, 'login'],
];

/** The earlier app's calls, by the rule that now does their work. */
const CALLS: [RegExp, string][] = [
  [/^Login\.php/, 'login'],
  [/^checkotp/, 'code-login'],
  [/^(Update)?ForgotPassword/, 'password-reset'],
  [/^(Check|Confirm)Register/, 'registration'],
  [/^swaccount/, 'linked-accounts'],
  [/track_click/, 'ad-clicks'],
];

/** The rule a comment is about, by its words: most specific first. */
const TOPICS: [RegExp, string][] = [
  // words that belong to one rule only
  [/refund box|not_applicable/i, 'refund-box'],
  [/only logged|fails to load/i, 'failures-only-logged'],
  [/under dispatch|split item|breadcrumb/i, 'my-orders'],
  [/replacement unit|new unit/i, 'replacement-shipment'],
  [/unpaid/i, 'unpaid-orders'],
  [/best.sellers|units sold/i, 'best-sellers'],
  [/brand registry/i, 'brand-registry'],
  [/seller landing|Start Selling/i, 'seller-landing'],
  [/chosen seller|cheapest/i, 'seller-choice'],
  [/thumbnails|gallery|About the product|technical details/i, 'product-page'],
  [/listing item|listing grids/i, 'product-cards'],
  [/image campaigns|40vh|size text/i, 'sponsored-banner'],
  [/6 or fewer|above 6 items|de-duplicated by product|deal and related/i, 'product-lists'],
  [/code per|per hour|4-digit code|otpverification|resend countdown/i, 'one-time-codes'],
  [/Email\/Mobile|\/addaccount|link another account|switch/i, 'linked-accounts'],
  [/account hub|every account page/i, 'account-hub'],
  [/accountform|Add Account or Edit Account/i, 'bank-accounts'],
  [/from checkout|Proceed goes on/i, 'addresses'],
  [/Select Address|checkout steps/i, 'checkout-steps'],
  [/no address, the alert/i, 'buy-now'],
  [/keeps the item for the buy-now page/i, 'buy-now-item'],
  [/payment is confirmed|lines and coupons are cleared|after placing|COD failure/i, 'order-placement'],
  [/Pay Now and Pay COD|lacks delivery data/i, 'payment-buttons'],
  [
    /no (delivery )?options (at|for) the pincode|missing (chosen|delivery) option|no line left|cannot be ordered/i,
    'checkout-lines',
  ],
  [/a price (that is )?not above 0/i, 'coupons'],
  [/seller takes|seller (accepts|creates|moves|cancels)/i, 'seller-fulfilment'],
  [/page title/i, 'page-titles'],
  [/follow the status/i, 'item-actions'],
  [/video file|video must/i, 'uploads'],
  [/ticked item/i, 'cancel-form'],
  // money at checkout
  [
    /COD is offered|no chosen (delivery )?option (forbids|without)|COD (reaches|at the pincode)|COD only when/i,
    'cod-eligibility',
  ],
  [/15,?000|\bCOD\b/, 'cod-limit'],
  [/PromoJun|platform promo/i, 'platform-promo'],
  [/order summary/i, 'order-summary'],
  // after-sales
  [/Return status display/i, 'return-status'],
  [/Replacement status display/i, 'replacement-status'],
  [
    /cancelled item|Cancel status display|refund shows when|initiated, processed or completed|who cancelled/i,
    'cancel-status',
  ],
  [/six (tracking )?steps|statuses 7 to 10|special outcomes|tracking/i, 'tracking'],
  [/refund estimate|7 to 10|business day/i, 'refund-estimate'],
  [/one (replacement|item|product) at a time|one at a time|only one item/i, 'replacement-form'],
  [/pickup|3 days after|today \+ 3|by-date/i, 'pickup-window'],
  [/All items processed|returned plus replaced/i, 'replacement-eligibility'],
  [/status displays?|status banner|status we have no text/i, 'return-status'],
  [/eligib/i, 'return-eligibility'],
  [
    /cancel_status|item actions|allowed actions|dimmed|cancel only when|feedback actions|track only once/i,
    'item-actions',
  ],
  [/three a page|page size|three orders|order list/i, 'my-orders'],
  // delivery
  [/Delivery choice|saved choice|finalised/i, 'delivery-choice'],
  [/delivery charge|parcel type|500 g|unit = charge|order = the charge/i, 'delivery-charge'],
  [/label shown for each delivery type|delivery type/i, 'delivery-types'],
  [/arriving|arrival|en-IN short/i, 'arrival-date'],
  [/same-day|zone/i, 'delivery-zones'],
  // lists and pages
  [/\b48\b|bounded to 1|Prev, page numbers/i, 'paging'],
  [/banner carousel|autoplay, loop/i, 'product-carousels'],
  [/brand page|70 characters|more than 5/i, 'brand-page'],
  [
    /page-content|frontpg|frontcol|12-column|content blocks?|single-slide|no filter is active|up to 2 slides|16:9/i,
    'content-blocks',
  ],
  [/product carousel|\b500 ms|breakpoint/i, 'product-carousels'],
  [/left column/i, 'listing'],
  [/price slider|price range|₹100|slider|colour swatch|toggles|filters toggle/i, 'listing-filters'],
  [/delivery-day|Get It/i, 'delivery-day-filters'],
  [/scroll-reveal|90%/i, 'scroll-reveal'],
  [/history|viewed product|product opened|merges the server/i, 'browsing-history'],
  [/Enter or the button|empty (text )?does nothing/i, 'search-submit'],
  [/suggestion|search box|registry 'Yes'|exact name matches|no lookup/i, 'search-suggestions'],
  [/search results|Loading products/i, 'search-results'],
  [/campaign is shown|campaign.*(dates|budget)/i, 'campaigns'],
  [/banner/i, 'sponsored-banner'],
  [/brand campaign/i, 'campaigns'],
  [/rating|star-weighted|bars from 5|per-star/i, 'ratings'],
  [/click/i, 'ad-clicks'],
  [/deal/i, 'deals'],
  [/review/i, 'reviews'],
  [/discount percent|% Off|assured/i, 'discount-badge'],
  [/M\.R\.P\./, 'product-cards'],
  [/coupon|Discountdata/i, 'coupons'],
  [/quantity (choices|options)|min\(stock/i, 'quantity-choices'],
  [/Sellers not Available|price is hidden/i, 'sellers-not-available'],
  [/not serviceable/i, 'not-serviceable'],
  [/pagenotfound|unknown product/i, 'product-not-found'],
  [/Added to Cart|added to cart!|add(ing)? to cart|up to \{max\}|adding is refused/i, 'add-to-cart'],
  [/Buy Now/i, 'buy-now'],
  [/Save for later and Wishlist|Wishlist need/i, 'save-for-later'],
  [/Buy Again|saved lists?|list load/i, 'saved-lists'],
  [/availability|rechecked|unavailable/i, 'cart-availability'],
  [/line key|string product_id|clean-up/i, 'cart-lines'],
  [/cart sync|changed cart|on login the cart|cart is sent|fetched when/i, 'cart-sync'],
  // location
  [/pincode box|digits only|apply does nothing|six digits|equal to the current/i, 'pincode-input'],
  [
    /600100|initial pincode|re-read|selected address|location falls|removed when no address/i,
    'initial-pincode',
  ],
  [/modal closes|after a successful apply/i, 'location-modal'],
  [/nearest|reverse geolocation|geocoding/i, 'reverse-geolocation'],
  // accounts
  [/mobile number is 10/i, 'mobile-number'],
  [/OTP fields|code has 4 digits|countdown|at most 6 characters|6 characters/i, 'one-time-codes'],
  [/registration|register|resend sends/i, 'registration'],
  [/10-digit mobile|exactly 10 digits/i, 'code-login'],
  [/Forgot|password reset|reset code|reset link/i, 'password-reset'],
  [/password change|after 2 s|2 seconds|update ?password/i, 'change-password'],
  [/login pages/i, 'login'],
  [/0000-00-00|profile/i, 'profile'],
  [/linked/i, 'linked-accounts'],
  [/login status is re-checked|logout|logging out|log out/i, 'logout'],
  [/login-required|visitors to \/login|spinner|opens login/i, 'access-rules'],
  [/top-menu|highlighted|cart badge/i, 'header'],
  [/200 px|scroll(s)? to the top/i, 'footer'],
  [/policy icon|menu id/i, 'content-pages'],
  [/categorylist/i, 'category-levels'],
  [/vanish after 3 seconds/i, 'success-messages'],
  [/success popups?|1\.5 s|1500 ms/i, 'success-messages'],
  [/default/i, 'one-default'],
  [/bank|IFSC/i, 'bank-accounts'],
  [/address/i, 'addresses'],
  [/feedback/i, 'feedback'],
  [/image|photo|video|300 px|resized/i, 'uploads'],
  [/conversation|chat|greeting|non-blank/i, 'return-in-process'],
  [/order placement|placed successfully|leave the cart|thanks/i, 'order-placement'],
  [/transaction-fee|cancel reason|quantity select|Qty|wrong OTP|Invalid OTP/i, 'cancel-form'],
  [/cancel/i, 'cancellation'],
  [/replacement|replace/i, 'replacement-form'],
  [/return/i, 'return-form'],
  [/payment|paise|Razorpay|sandbox/i, 'payments'],
];

/** Where a comment says nothing we recognise, the area of its file decides. */
const AREAS: [RegExp, string][] = [
  [/tracking|track-/, 'tracking'],
  [/bank|account-form/, 'bank-accounts'],
  [/coupon/, 'coupons'],
  [/after-sales|returns\//, 'return-form'],
  [/cancel/, 'cancellation'],
  [/my-orders|orders\/order/, 'my-orders'],
  [/checkout|buy-now/, 'checkout-steps'],
  [/saved-(items|lists)/, 'saved-lists'],
  [/cart/, 'cart-page'],
  [/bank/, 'bank-accounts'],
  [/address/, 'addresses'],
  [/feedback/, 'feedback'],
  [/listing/, 'listing'],
  [/search/, 'search-results'],
  [/brand/, 'brand-page'],
  [/product/, 'product-page'],
  [/pincode|location/, 'initial-pincode'],
  [/history/, 'browsing-history'],
  [/payment/, 'payments'],
  [/profile|account/, 'profile'],
  [/fulfilment/, 'seller-fulfilment'],
  [/home/, 'home-blocks'],
];

const SECTION = String.raw`§\s?\d+(?:[ \t]+(?!and[ \t]+§)[A-Za-z/][\w'./{}-]*)*`;
const SECTIONS = String.raw`${SECTION}(?:\s*(?:,|/|and)\s*${SECTION})*`;
const DOCUMENT = String.raw`(?:storefront|purchase-and-account)`;
const SPEC_CITATION = new RegExp(
  [
    String.raw`\bspec\s*\(\s*${DOCUMENT}\s*(?:${SECTIONS})?\s*\)`, // spec (storefront §4)
    String.raw`\bspec:?\s+(?:${DOCUMENT}\s+)?${SECTIONS}`, // spec §4 Cart, spec: storefront §2 ...
    String.raw`\bspec\s+(?=[\w-]+\.php)`, // spec Login.php: the call's name stays
    String.raw`\bspec(?=:)`, // spec: the rule in words
  ].join('|'),
  'g',
);
const DESIGN_CITATION = /\bDESIGN(?:\.md)?\s*§\s?(\d+)(?:\s+[A-Z]\w*)?/g;
const DECISION_CITATION = /\b(?:DESIGN(?:\.md)?\s+)?[Dd]ecision\s+(\d+)/g;
const ISSUE_CITATION = /\b[Ii]ssue\s+#?\d+/g;

const firstMatch = (rules: [RegExp, string][], subject: string) =>
  rules.find(([pattern]) => pattern.test(subject))?.[1] ?? null;

/** The comment with its citations rewritten, and whether something was left that needs an override. */
export function rewriteComment(comment: string, path: string): { text: string; unresolved: boolean } {
  let text = comment;
  for (const [from, to, pathPart] of OVERRIDES) {
    if (pathPart === undefined || path.includes(pathPart)) text = text.split(from).join(to);
  }
  let unresolved = false;
  const anchorFor = (citation: string, after = '') => {
    const call = /^[\w-]+\.php/.exec(after)?.[0];
    const anchor =
      (call === undefined ? null : firstMatch(CALLS, call)) ??
      firstMatch(CITATION_TOPICS, citation.trim()) ??
      firstMatch(TOPICS, citation.replace(/\bspec\b|§\s?\d+/g, '')) ??
      firstMatch(TOPICS, after.split(/[.)]\s/)[0] ?? '') ??
      firstMatch(TOPICS, comment) ??
      firstMatch(AREAS, path);
    if (anchor === null) unresolved = true;
    return `requirements#${anchor ?? 'UNRESOLVED'}`;
  };
  text = text.replace(SPEC_CITATION, (citation: string, offset: number, whole: string) => {
    const after = whole.slice(offset + citation.length).replace(/^[:,]?\s*/, '');
    if (/^spec\s+$/.test(citation)) return `${anchorFor(citation, after)}, `; // before "Login.php"
    return anchorFor(citation, after);
  });
  text = text.replace(DESIGN_CITATION, (citation, section: string) => {
    const bySection: Record<string, string> = {
      '1': 'requirements#no-state-in-memory',
      '2': 'requirements#dependency-direction',
      '3': /deliver|zone|same-day/i.test(comment) ? 'requirements#delivery-zones' : 'requirements#money',
      '5': /error/i.test(comment) ? 'requirements#api-errors' : 'requirements#safe-writes',
    };
    const anchor = bySection[section];
    if (anchor === undefined) unresolved = true;
    return anchor ?? citation;
  });
  text = text.replace(DECISION_CITATION, (citation, number: string) => {
    const anchor = DECISIONS[Number(number)];
    if (anchor === undefined) unresolved = true;
    if (Number(number) === 8 && /thank|order number/i.test(comment)) return 'requirements#payment-page';
    return anchor ?? citation;
  });
  text = text.replace(ISSUE_CITATION, (citation: string, offset: number, whole: string) =>
    anchorFor('', whole.slice(offset + citation.length).replace(/^[):,]?\s*/, '')),
  );
  // a requirements anchor now followed by the old section's words, e.g. "requirements#cart-sync Cart:"
  if (/(?<!RFC \d{3,5} )§\s?\d/.test(text)) unresolved = true;
  return { text, unresolved };
}

/** Comments, with a run of `//` lines (only indentation between them) taken as one. */
function commentBlocks(path: string, source: string) {
  const blocks: { start: number; end: number }[] = [];
  for (const range of commentRanges(path, source)) {
    const last = blocks.at(-1);
    const between = last ? source.slice(last.end, range.start) : '';
    if (last && /^\n[ \t]*$/.test(between) && source.startsWith('//', range.start)) last.end = range.end;
    else blocks.push({ ...range });
  }
  return blocks;
}

function main() {
  const dryRun = process.argv.includes('--dry-run');
  let changedFiles = 0;
  let left = 0;
  for (const path of sourceFiles(ROOT)) {
    if (path === 'scripts/rewrite-references.ts') continue; // its tables quote the old citations
    const full = join(ROOT, path);
    const source = readFileSync(full, 'utf8');
    let result = source;
    for (const block of commentBlocks(path, source).reverse()) {
      const comment = source.slice(block.start, block.end);
      const { text, unresolved } = rewriteComment(comment, path);
      if (unresolved) {
        left++;
        console.log(`${path}: could not place\n  ${text.replaceAll('\n', '\n  ')}`);
      }
      if (text !== comment) result = result.slice(0, block.start) + text + result.slice(block.end);
    }
    if (result !== source) {
      changedFiles++;
      if (!dryRun) writeFileSync(full, result);
    }
  }
  console.log(
    `${dryRun ? 'would change' : 'changed'} ${changedFiles} files; ${left} comments need an override`,
  );
}

if (process.argv[1] === import.meta.filename) main();
