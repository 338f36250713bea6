import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// The route table of both spec documents. Pages that later issues fill show their heading until then.
const page = (path: string) => route(path, 'routes/page.tsx', { id: `page:${path}` });
const account = (path: string) => route(path, 'routes/page.tsx', { id: `account:${path}` });

export default [
  layout('routes/shell.tsx', [
    index('routes/home.tsx'),
    // storefront (public)
    ...[
      'cart',
      'todaydeals',
      'percentageoffer',
      'coupons',
      'reviews',
      'privilegeclaim',
      'seller',
      'sellerdetails',
      'brandregistry',
      'buynow',
    ].map(page),
    ...[
      'best-sellers-online/:topmenuName',
      'searchresults/:term',
      'searchpage/:keyword',
      'brand/:brandName',
      'brandregistry/:brandName',
      'categorylist/:type/:category',
      'productdetails/:productName',
      'viewreviews/:productName/:sellerName',
    ].map(page),
    route('explore/:menuName', 'routes/content-page.tsx', { id: 'explore' }),
    route('policy/:menuName', 'routes/content-page.tsx', { id: 'policy' }),
    // account flows that visitors use (public)
    ...['login', 'registration', 'verifyotp', 'otpverification', 'forgotpassword/:uname'].map(page),
    // login required (spec: purchase-and-account §2 access rules; decision 2 puts checkout here)
    layout('routes/require-login.tsx', [
      ...[
        'checkout',
        'newaddress',
        'addressform',
        'deliveryreview',
        'deliveryfinalreview',
        'paymentgateway',
        'thankyou',
        'myorder',
        'neworderdetail',
        'trackitem',
        'cancelitem',
        'returnitem',
        'replacementitem',
        'replaceitemdetail',
        'returnitemdetail',
        'cancelleditemdetail',
        'sellerfeedback',
        'deliveryfeedback',
        'productfeedback',
        'myprofile',
        'bankaccount',
        'mywhishlist',
        'buyagain',
        'settings',
        'saveforlater',
        'myaddress',
        'switchaccount',
        'addaccount',
        'manageaddress',
        'updateprofile',
        'updatepassword',
        'accountform',
      ].map(account),
      route('returninprocess', 'routes/page.tsx', { id: 'account:returninprocess' }, [
        route('contactseller', 'routes/page.tsx', { id: 'account:returninprocess/contactseller' }),
        route('previlageclaim', 'routes/page.tsx', { id: 'account:returninprocess/previlageclaim' }),
      ]),
    ]),
    route('pagenotfound', 'routes/not-found.tsx', { id: 'pagenotfound' }),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
] satisfies RouteConfig;
