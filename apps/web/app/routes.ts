import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// The route table of both spec documents: every route has its page.

export default [
  // Seller Central (requirements#seller-central): its own frame, outside the shop's header and footer
  route('sellercentral', 'routes/sellercentral/layout.tsx', { id: 'sellercentral' }, [
    // dashboard, messages and advertising (requirements#seller-dashboard, #seller-messages, #seller-ads)
    index('routes/sellercentral/dashboard.tsx', { id: 'sellercentral:dashboard' }),
    route('messages', 'routes/sellercentral/messages.tsx', { id: 'sellercentral:messages' }),
    route('messages/:itemId/:topic', 'routes/sellercentral/conversation.tsx', {
      id: 'sellercentral:conversation',
    }),
    route('ads', 'routes/sellercentral/ads.tsx', { id: 'sellercentral:ads' }),
    route('ads/new', 'routes/sellercentral/ads-new.tsx', { id: 'sellercentral:ads-new' }),
    // orders and returns (requirements#seller-orders, requirements#seller-returns)
    route('orders', 'routes/sellercentral/orders.tsx', { id: 'sellercentral:orders' }),
    // ADR-0058: courier parcels with a failed delivery attempt
    route('orders/ndr', 'routes/sellercentral/ndr.tsx', { id: 'sellercentral:ndr' }),
    route('orders/:orderNo', 'routes/sellercentral/order.tsx', { id: 'sellercentral:order' }),
    route('returns', 'routes/sellercentral/returns.tsx', { id: 'sellercentral:returns' }),
    // ADR-0058: returns whose courier quality check failed at pickup
    route('returns/disputes', 'routes/sellercentral/return-disputes.tsx', {
      id: 'sellercentral:return-disputes',
    }),
    route('returns/:refNo', 'routes/sellercentral/return-request.tsx', { id: 'sellercentral:return' }),
    // requirements#settlement: the seller's balance, payouts and statements
    route('payments', 'routes/sellercentral/payments.tsx', { id: 'sellercentral:payments' }),
    // requirements#fee-invoices: the marketplace's monthly fee invoices, part of Payments
    route('payments/fee-invoices', 'routes/sellercentral/fee-invoices.tsx', {
      id: 'sellercentral:fee-invoices',
    }),
    // requirements#e-invoicing
    route('e-invoices', 'routes/sellercentral/e-invoices.tsx', { id: 'sellercentral:e-invoices' }),
    // requirements#seller-gst-returns: its GSTR-1 Table 14 figures and TCS credit, by month
    route('gst', 'routes/sellercentral/gst.tsx', { id: 'sellercentral:gst' }),
    // requirements#seller-listings
    route('listings', 'routes/sellercentral/listings.tsx', { id: 'sellercentral:listings' }),
    route('listings/new', 'routes/sellercentral/listings-new.tsx', { id: 'sellercentral:listings-new' }),
    route('listings/new-product', 'routes/sellercentral/listings-new-product.tsx', {
      id: 'sellercentral:listings-new-product',
    }),
    route('listings/:offerId', 'routes/sellercentral/listing-edit.tsx', { id: 'sellercentral:listing-edit' }),
    // joining and the seller's account (requirements#seller-onboarding)
    route('join', 'routes/sellercentral/join.tsx', { id: 'page:sellercentral-join' }),
    route('account', 'routes/sellercentral/account.tsx', { id: 'page:sellercentral-account' }),
    // inventory and prices in bulk
    route('inventory', 'routes/sellercentral/inventory.tsx', { id: 'page:sellercentral-inventory' }),
    route('inventory/upload', 'routes/sellercentral/inventory-upload.tsx', {
      id: 'page:sellercentral-inventory-upload',
    }),
    route('inventory/imports/:importId', 'routes/sellercentral/inventory-import.tsx', {
      id: 'page:sellercentral-inventory-import',
    }),
  ]),
  // the operator console (requirements#operator-console): staff only, its own frame
  route('admin', 'routes/admin/layout.tsx', { id: 'admin' }, [
    index('routes/admin/overview.tsx', { id: 'admin:overview' }),
    route('password', 'routes/admin/password.tsx', { id: 'admin:password' }),
    route('enrol', 'routes/admin/enrol.tsx', { id: 'admin:enrol' }),
    route('verify', 'routes/admin/verify.tsx', { id: 'admin:verify' }),
    route('audit', 'routes/admin/audit.tsx', { id: 'admin:audit' }),
    // requirements#operator-staff: owners invite, change and remove staff
    route('staff', 'routes/admin/staff.tsx', { id: 'admin:staff' }),
    route('delivery', 'routes/admin/delivery.tsx', { id: 'admin:delivery' }),
    route('reports', 'routes/admin/reports.tsx', { id: 'admin:reports' }),
    // the category tree, its leaves' filters and brands (requirements#operator-catalog)
    route('catalog/categories', 'routes/admin/catalog/categories.tsx', { id: 'admin:catalog-categories' }),
    route('catalog/categories/:id', 'routes/admin/catalog/category.tsx', { id: 'admin:catalog-category' }),
    route('catalog/brands', 'routes/admin/catalog/brands.tsx', { id: 'admin:catalog-brands' }),
    route('catalog/brands/logo', 'routes/admin/catalog/brand-logo.tsx', { id: 'admin:catalog-brand-logo' }),
    route('catalog/brands/:id', 'routes/admin/catalog/brand.tsx', { id: 'admin:catalog-brand' }),
    // requirements#operator-support: support finds orders, reads their life and acts for the shopper
    route('orders', 'routes/admin/support/orders.tsx', { id: 'admin:orders' }),
    route('orders/refunds', 'routes/admin/support/failed-refunds.tsx', { id: 'admin:failed-refunds' }),
    // ADR-0062: orders from ONDC buyer apps and the callbacks they did not take
    route('orders/ondc', 'routes/admin/support/ondc.tsx', { id: 'admin:ondc' }),
    route('orders/return-disputes', 'routes/admin/support/return-disputes.tsx', {
      id: 'admin:return-disputes',
    }),
    route('orders/:orderNo', 'routes/admin/support/order.tsx', { id: 'admin:order' }),
    // requirements#operator-content
    route('content', 'routes/admin/content/index.tsx', { id: 'admin:content' }),
    route('content/blocks', 'routes/admin/content/blocks.tsx', { id: 'admin:content-blocks' }),
    route('content/blocks/:rowId', 'routes/admin/content/row.tsx', { id: 'admin:content-row' }),
    route('content/banners', 'routes/admin/content/banners.tsx', { id: 'admin:content-banners' }),
    route('content/privilege-claim', 'routes/admin/content/privilege-claim.tsx', {
      id: 'admin:content-privilege-claim',
    }),
    // requirements#operator-content: the top menu, footer menus and explore/policy pages
    route('content/menus', 'routes/admin/menus-pages/menus.tsx', { id: 'admin:content-menus' }),
    route('content/pages', 'routes/admin/menus-pages/pages.tsx', { id: 'admin:content-pages' }),
    route('content/pages/new', 'routes/admin/menus-pages/page-new.tsx', { id: 'admin:content-page-new' }),
    route('content/pages/:pageId', 'routes/admin/menus-pages/page-edit.tsx', { id: 'admin:content-page' }),
    // requirements#operator-catalog: the moderation queue, a product's review, merging duplicates
    route('catalog', 'routes/admin/catalog-queue.tsx', { id: 'admin:catalog' }),
    route('catalog/products/:productId', 'routes/admin/catalog-product.tsx', { id: 'admin:catalog-product' }),
    route('catalog/merge', 'routes/admin/catalog-merge.tsx', { id: 'admin:catalog-merge' }),
    // requirements#operator-sellers
    route('sellers', 'routes/admin/sellers.tsx', { id: 'admin:sellers' }),
    route('sellers/:id', 'routes/admin/seller.tsx', { id: 'admin:seller' }),
    // requirements#grievances: complaints by age, one complaint, the grievance officer
    route('grievances', 'routes/admin/grievances.tsx', { id: 'admin:grievances' }),
    // requirements#privacy-breach
    route('breaches', 'routes/admin/breaches.tsx', { id: 'admin:breaches' }),
    route('breaches/new', 'routes/admin/breach-new.tsx', { id: 'admin:breach-new' }),
    route('breaches/:id', 'routes/admin/breach.tsx', { id: 'admin:breach' }),
    // requirements#payment-page-scripts
    route('payment-scripts', 'routes/admin/payment-scripts.tsx', { id: 'admin:payment-scripts' }),
    route('grievances/officer', 'routes/admin/grievance-officer.tsx', { id: 'admin:grievance-officer' }),
    route('grievances/:ticketNo', 'routes/admin/grievance.tsx', { id: 'admin:grievance' }),
    // requirements#operator-promotions
    route('promotions', 'routes/admin/promotions/coupons.tsx', { id: 'admin:coupons' }),
    route('promotions/coupons/new', 'routes/admin/promotions/coupon-form.tsx', { id: 'admin:coupon-new' }),
    route('promotions/coupons/:id', 'routes/admin/promotions/coupon-form.tsx', { id: 'admin:coupon-edit' }),
    route('promotions/deals', 'routes/admin/promotions/deals.tsx', { id: 'admin:deals' }),
    route('promotions/deals/new', 'routes/admin/promotions/deal-form.tsx', { id: 'admin:deal-new' }),
    route('promotions/deals/:id', 'routes/admin/promotions/deal-form.tsx', { id: 'admin:deal-edit' }),
    route('promotions/promo', 'routes/admin/promotions/promo.tsx', { id: 'admin:promo' }),
    route('promotions/campaigns', 'routes/admin/promotions/campaigns.tsx', { id: 'admin:campaigns' }),
    // requirements#settlement: commission rules, payouts and balances, the month's exports
    route('settlements/rules', 'routes/admin/settlements/rules.tsx', { id: 'admin:settlement-rules' }),
    route('settlements/payouts', 'routes/admin/settlements/payouts.tsx', { id: 'admin:settlement-payouts' }),
    route('settlements/exports', 'routes/admin/settlements/exports.tsx', { id: 'admin:settlement-exports' }),
    // requirements#fee-invoices
    route('settlements/fee-invoices', 'routes/admin/settlements/fee-invoices.tsx', {
      id: 'admin:settlement-fee-invoices',
    }),
    route('settlements/cod', 'routes/admin/settlements/cod.tsx', { id: 'admin:settlement-cod' }),
    route('settlements/e-invoices', 'routes/admin/settlements/e-invoices.tsx', {
      id: 'admin:settlement-e-invoices',
    }),
    route('settlements/cod/receivables', 'routes/admin/settlements/cod-receivables.tsx', {
      id: 'admin:settlement-cod-receivables',
    }),
    // requirements#courier-remittance-import: the courier's COD remittance report
    route('settlements/cod/courier-import', 'routes/admin/settlements/cod-courier-import.tsx', {
      id: 'admin:settlement-cod-courier-import',
    }),
    route('settlements/gst-rates', 'routes/admin/settlements/gst-rates.tsx', {
      id: 'admin:settlement-gst-rates',
    }),
    // requirements#payout-account: sellers' payout account changes, two people (ADR-0049)
    route('settlements/trial-balance', 'routes/admin/settlements/trial-balance.tsx', {
      id: 'admin:settlement-trial-balance',
    }),
    route('settlements/bank-changes', 'routes/admin/settlements/bank-changes.tsx', {
      id: 'admin:settlement-bank-changes',
    }),
  ]),
  // a draft's preview, framed by the content screens at phone and desktop widths: the storefront's look, no console frame
  route('admin/content/preview', 'routes/admin/content/preview.tsx', { id: 'admin:content-preview' }),
  // a shipment's label or packing slip prints without Seller Central's frame (requirements#seller-orders)
  route(
    'sellercentral/orders/:orderNo/shipments/:invoiceNo/:document',
    'routes/sellercentral/shipment-label.tsx',
    {
      id: 'sellercentral:shipment-document',
    },
  ),
  // several shipments' labels printed together, from the orders list's selection
  route('sellercentral/orders/labels', 'routes/sellercentral/shipment-labels.tsx', {
    id: 'sellercentral:shipment-labels',
  }),
  // requirements#pwa: what the service worker shows offline, in each language, outside the shop's frame
  route('offline', 'routes/offline.tsx', { id: 'offline' }),
  ...['hi', 'ta', 'te'].map((language) =>
    route(`${language}/offline`, 'routes/offline.tsx', { id: `offline:${language}` }),
  ),
  // the language menu's links: remember the choice, go on to the same page in that language
  route('language', 'routes/language.ts', { id: 'page:language' }),
  // requirements#languages: the shop's pages in English unprefixed and under /hi, /ta and /te (the
  // shell answers 404 for any other first segment it takes for a language)
  route(':lang?', 'routes/shell.tsx', { id: 'routes/shell' }, [
    index('routes/home/home.tsx', { id: 'routes/home' }),
    // storefront (public): one line per route, so each page can move to its own module
    route('cart', 'routes/cart/cart.tsx', { id: 'page:cart' }),
    route('todaydeals', 'routes/deals/deals-page.tsx', { id: 'page:todaydeals' }),
    route('percentageoffer', 'routes/deals/percentage-offers.tsx', { id: 'page:percentageoffer' }),
    route('coupons', 'routes/deals/coupons.tsx', { id: 'page:coupons' }),
    route('reviews', 'routes/product/reviews.tsx', { id: 'page:reviews' }),
    route('privilegeclaim', 'routes/home/privilege-claim.tsx', { id: 'page:privilegeclaim' }),
    route('seller', 'routes/home/seller.tsx', { id: 'page:seller' }),
    route('sellerdetails', 'routes/home/seller-details.tsx', { id: 'page:sellerdetails' }),
    route('brandregistry', 'routes/brand/registry.tsx', { id: 'page:brandregistry' }),
    route('best-sellers-online/:topmenuName', 'routes/listing/best-sellers.tsx', {
      id: 'page:best-sellers-online/:topmenuName',
    }),
    route('searchresults/:term', 'routes/search/search-page.tsx', { id: 'page:searchresults/:term' }),
    // the delivery-location picker as a page, for a shopper whose browser runs no scripts (ADR-0013)
    route('deliverylocation', 'routes/location/delivery-location-page.tsx', { id: 'page:deliverylocation' }),
    // the header's search form without scripts: /searchpage?keyword=… goes on to /searchpage/{keyword}
    route('searchpage', 'routes/search/search-form.tsx', { id: 'page:searchpage' }),
    route('searchpage/:keyword', 'routes/search/search-page.tsx', { id: 'page:searchpage/:keyword' }),
    route('brand/:brandName', 'routes/brand/brand.tsx', { id: 'page:brand/:brandName' }),
    route('brandregistry/:brandName', 'routes/brand/brand.tsx', { id: 'page:brandregistry/:brandName' }),
    route('categorylist/:type/:category', 'routes/listing/category-listing.tsx', {
      id: 'page:categorylist/:type/:category',
    }),
    route('productdetails/:productName', 'routes/product/product-detail.tsx', {
      id: 'page:productdetails/:productName',
    }),
    route('viewreviews/:productName/:sellerName', 'routes/product/view-reviews.tsx', {
      id: 'page:viewreviews/:productName/:sellerName',
    }),
    route('explore/:menuName', 'routes/content-page.tsx', { id: 'explore' }),
    route('policy/:menuName', 'routes/content-page.tsx', { id: 'policy' }),
    // the footer's small print: the data credit and the API's documentation (not on shopping pages)
    route('about', 'routes/about.tsx', { id: 'page:about' }),
    // requirements#grievances: the footer's grievance page: the officer, and the complaint form once logged in
    route('grievance', 'routes/grievances/grievance.tsx', { id: 'page:grievance' }),
    // requirements#privacy-notice: the notice, in the language asked by ?lang=
    route('privacynotice', 'routes/privacy/notice.tsx', { id: 'page:privacynotice' }),
    // requirements#languages: the account area's pages take their messages from its layout
    layout('routes/account-area.tsx', { id: 'account-area' }, [
      route('buynow', 'routes/checkout/buy-now.tsx', { id: 'page:buynow' }),
      // account flows that visitors use (public)
      layout('routes/guest-only.tsx', [route('login', 'routes/account/login.tsx', { id: 'page:login' })]),
      route('registration', 'routes/account/registration.tsx', { id: 'page:registration' }),
      route('verifyotp', 'routes/account/verify-otp.tsx', { id: 'page:verifyotp' }),
      route('otpverification', 'routes/account/otp-login.tsx', { id: 'page:otpverification' }),
      route('forgotpassword/:uname', 'routes/account/forgot-password.tsx', {
        id: 'page:forgotpassword/:uname',
      }),
      // login required (requirements#access-rules, checkout included)
      layout('routes/require-login.tsx', [
        // one order's details (the spec names the route only): /neworderdetail?order={orderNo}
        route('neworderdetail', 'routes/orders/order-detail.tsx', { id: 'account:neworderdetail' }),
        // the address form for a new address (the spec names the route only)
        route('newaddress', 'routes/profile/address-form.tsx', { id: 'account:newaddress' }),
        // cancel items with a code, and the cancelled item details (requirements#cancel-status)
        route('cancelitem', 'routes/orders/cancel-item.tsx', { id: 'account:cancelitem' }),
        route('cancelleditemdetail', 'routes/orders/cancelled-item-detail.tsx', {
          id: 'account:cancelleditemdetail',
        }),
        // feedback on a delivered order item (requirements#feedback): /{kind}feedback?item={id}
        ...['sellerfeedback', 'deliveryfeedback', 'productfeedback'].map((path) =>
          route(path, 'routes/orders/feedback.tsx', { id: `account:${path}` }),
        ),
        route('switchaccount', 'routes/account/switch-account.tsx', { id: 'account:switchaccount' }),
        route('addaccount', 'routes/account/add-account.tsx', { id: 'account:addaccount' }),
        // saved lists and Buy Again (requirements#saved-lists)
        route('mywhishlist', 'routes/cart/saved-list.tsx', { id: 'account:mywhishlist' }),
        route('buyagain', 'routes/cart/saved-list.tsx', { id: 'account:buyagain' }),
        route('saveforlater', 'routes/cart/saved-list.tsx', { id: 'account:saveforlater' }),
        // checkout steps (requirements#checkout-steps)
        route('checkout', 'routes/checkout/checkout.tsx', { id: 'account:checkout' }),
        route('deliveryreview', 'routes/checkout/delivery-review.tsx', { id: 'account:deliveryreview' }),
        route('deliveryfinalreview', 'routes/checkout/final-review.tsx', {
          id: 'account:deliveryfinalreview',
        }),
        // My Orders and tracking (requirements#tracking)
        route('myorder', 'routes/orders/my-orders.tsx', { id: 'account:myorder' }),
        // requirements#grievances: the shopper's complaints and each one's page
        route('mygrievances', 'routes/grievances/my-grievances.tsx', { id: 'account:mygrievances' }),
        route('mygrievances/:ticketNo', 'routes/grievances/my-grievance.tsx', { id: 'account:mygrievance' }),
        route('trackitem', 'routes/orders/track-item.tsx', { id: 'account:trackitem' }),
        // payment and thank-you pages (requirements#payments)
        route('paymentgateway', 'routes/orders/payment-gateway.tsx', { id: 'account:paymentgateway' }),
        route('thankyou', 'routes/orders/thank-you.tsx', { id: 'account:thankyou' }),
        // profile, settings, addresses and bank accounts (requirements#profile)
        route('myprofile', 'routes/profile/my-profile.tsx', { id: 'account:myprofile' }),
        route('updateprofile', 'routes/profile/update-profile.tsx', { id: 'account:updateprofile' }),
        route('updatepassword', 'routes/profile/update-password.tsx', { id: 'account:updatepassword' }),
        route('settings', 'routes/profile/settings.tsx', { id: 'account:settings' }),
        // requirements#message-preferences
        route('messagepreferences', 'routes/profile/message-preferences.tsx', {
          id: 'account:messagepreferences',
        }),
        // requirements#privacy-page: consents, the data file and deleting the account
        route('privacy', 'routes/privacy/privacy.tsx', { id: 'account:privacy' }),
        route('privacy/delete', 'routes/privacy/delete-account.tsx', { id: 'account:privacy/delete' }),
        route('myaddress', 'routes/profile/my-address.tsx', { id: 'account:myaddress' }),
        route('manageaddress', 'routes/profile/my-address.tsx', { id: 'account:manageaddress' }),
        route('addressform', 'routes/profile/address-form.tsx', { id: 'account:addressform' }),
        route('bankaccount', 'routes/profile/bank-account.tsx', { id: 'account:bankaccount' }),
        route('accountform', 'routes/profile/account-form.tsx', { id: 'account:accountform' }),
        // returns and replacements (requirements#replacement-form): the ids are in the URL (requirements#ids-in-urls)
        route('returnitem', 'routes/orders/after-sales-request.tsx', { id: 'account:returnitem' }),
        route('replacementitem', 'routes/orders/after-sales-request.tsx', { id: 'account:replacementitem' }),
        route('returnitemdetail', 'routes/orders/request-detail.tsx', { id: 'account:returnitemdetail' }),
        route('replaceitemdetail', 'routes/orders/request-detail.tsx', { id: 'account:replaceitemdetail' }),
        route('returninprocess', 'routes/orders/return-in-process.tsx', { id: 'account:returninprocess' }, [
          route('contactseller', 'routes/orders/item-conversation.tsx', {
            id: 'account:returninprocess/contactseller',
          }),
          route('previlageclaim', 'routes/orders/item-conversation.tsx', {
            id: 'account:returninprocess/previlageclaim',
          }),
        ]),
      ]),
    ]),
    route('pagenotfound', 'routes/not-found.tsx', { id: 'pagenotfound' }),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
] satisfies RouteConfig;
