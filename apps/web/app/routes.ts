import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// The route table of both spec documents: every route has its page.

export default [
  layout('routes/shell.tsx', [
    index('routes/home/home.tsx', { id: 'routes/home' }),
    // storefront (public): one line per route, so each page can move to its own module
    route('cart', 'routes/cart/cart.tsx', { id: 'page:cart' }),
    route('buynow', 'routes/checkout/buy-now.tsx', { id: 'page:buynow' }),
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
      route('deliveryfinalreview', 'routes/checkout/final-review.tsx', { id: 'account:deliveryfinalreview' }),
      // My Orders and tracking (requirements#tracking)
      route('myorder', 'routes/orders/my-orders.tsx', { id: 'account:myorder' }),
      route('trackitem', 'routes/orders/track-item.tsx', { id: 'account:trackitem' }),
      // payment and thank-you pages (requirements#payments)
      route('paymentgateway', 'routes/orders/payment-gateway.tsx', { id: 'account:paymentgateway' }),
      route('thankyou', 'routes/orders/thank-you.tsx', { id: 'account:thankyou' }),
      // profile, settings, addresses and bank accounts (requirements#profile)
      route('myprofile', 'routes/profile/my-profile.tsx', { id: 'account:myprofile' }),
      route('updateprofile', 'routes/profile/update-profile.tsx', { id: 'account:updateprofile' }),
      route('updatepassword', 'routes/profile/update-password.tsx', { id: 'account:updatepassword' }),
      route('settings', 'routes/profile/settings.tsx', { id: 'account:settings' }),
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
    route('pagenotfound', 'routes/not-found.tsx', { id: 'pagenotfound' }),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
] satisfies RouteConfig;
