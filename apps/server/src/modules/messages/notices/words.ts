// requirements#message-languages: what the order messages say to a shopper, in each of the shop's
// languages: the SMS as registered with DLT (a Unicode template per language), the email's subject,
// sentences and labels. Sellers' messages stay in English, as Seller Central does. The English words
// are the ones the shop has always sent; the others read as shoppers in that language write (the
// shop's page catalogs use the same words: ऑर्डर, डिलीवरी, रिफ़ंड, COD).
import type { Language } from '@marketplace/domain/i18n/languages';

/** The notices a shopper gets (catalogue.ts has the sellers' too). */
export type ShopperNoticeKind =
  | 'order-placed'
  | 'order-shipped'
  | 'out-for-delivery'
  | 'order-delivered'
  | 'delivery-attempted'
  | 'return-pickup-booked'
  | 'refund-started'
  | 'refund-completed';

export type NoticeWords = {
  placed: { lead: string; payCod: (amount: string) => string; paid: string };
  shipped: (carrier: string, awbNo: string | null) => string;
  outForDelivery: string;
  delivered: { lead: string; detail: string };
  attempted: string;
  pickupBooked: (refNo: string, day: string | null) => string;
  refundStarted: (amount: string) => string;
  refundCompleted: (amount: string) => string;
  refundToBank: (last4: string | null) => string;
  refundToSource: string;
  labels: {
    orderTotal: string;
    parcelItems: string;
    itemsToReturn: string;
    refund: string;
    delivery: string;
    couponDiscount: string;
    promotion: string;
  };
  actions: { viewOrder: string; track: string; chooseNext: string; viewReturn: string };
  email: {
    hello: (name: string) => string;
    order: (orderNo: string) => string;
    orOpen: (href: string) => string;
    why: string;
    signature: string;
  };
};

const en: NoticeWords = {
  placed: {
    lead: 'Thank you for your order. We have told the seller, who packs it for you now.',
    payCod: (amount) => `Pay ${amount} in cash when it is delivered.`,
    paid: 'Your payment is received.',
  },
  shipped: (carrier, awbNo) => `Your parcel is on its way with ${carrier}${awbNo ? ` (AWB ${awbNo})` : ''}.`,
  outForDelivery: 'Your parcel is out for delivery today. Please keep your phone with you.',
  delivered: {
    lead: 'Your parcel is delivered. We hope you like it.',
    detail:
      'You can return or replace items, and tell us about the seller, the delivery and the product, from your order.',
  },
  attempted:
    'The courier could not deliver your parcel today. Open your order to choose what happens next: another attempt, a new address or phone number, or cancelling it.',
  pickupBooked: (refNo, day) =>
    `The pickup of your return ${refNo} is booked${day ? ` for ${day}` : ''}. Please keep the item packed, with its tags, for the courier.`,
  refundStarted: (amount) =>
    `We have started a refund of ${amount}. It reaches you in 7 to 10 business days.`,
  refundCompleted: (amount) => `Your refund of ${amount} is complete.`,
  refundToBank: (last4) => `It goes to your bank account${last4 ? ` ending ${last4}` : ''}.`,
  refundToSource: 'It goes back to the way you paid.',
  labels: {
    orderTotal: 'Order total',
    parcelItems: 'Items in this parcel',
    itemsToReturn: 'Items to return',
    refund: 'Refund',
    delivery: 'Delivery',
    couponDiscount: 'Coupon discount',
    promotion: 'Promotion',
  },
  actions: {
    viewOrder: 'View your order',
    track: 'Track your order',
    chooseNext: 'Choose what happens next',
    viewReturn: 'View your return',
  },
  email: {
    hello: (name) => `Hello ${name},`,
    order: (no) => `Order ${no}`,
    orOpen: (href) => `Or open ${href}`,
    why: 'You get this email because of an order on Bazaar. Messages about your orders, refunds and sign-in codes are always sent; optional updates can be turned off under Your Account, Messages.',
    signature: '— Bazaar',
  },
};

const hi: NoticeWords = {
  placed: {
    lead: 'ऑर्डर करने के लिए धन्यवाद। हमने विक्रेता को बता दिया है, वे अभी आपका सामान पैक कर रहे हैं।',
    payCod: (amount) => `डिलीवरी के समय ${amount} नकद दें।`,
    paid: 'आपका पेमेंट मिल गया है।',
  },
  shipped: (carrier, awbNo) => `आपका पार्सल ${carrier} के साथ रास्ते में है${awbNo ? ` (AWB ${awbNo})` : ''}।`,
  outForDelivery: 'आपका पार्सल आज डिलीवरी के लिए निकला है। कृपया अपना फ़ोन पास रखें।',
  delivered: {
    lead: 'आपका पार्सल डिलीवर हो गया है। उम्मीद है आपको पसंद आएगा।',
    detail:
      'अपने ऑर्डर से आप सामान रिटर्न या रिप्लेस कर सकते हैं, और विक्रेता, डिलीवरी और प्रोडक्ट के बारे में अपनी राय दे सकते हैं।',
  },
  attempted:
    'कूरियर आज आपका पार्सल डिलीवर नहीं कर सका। आगे क्या हो, यह चुनने के लिए अपना ऑर्डर खोलें: फिर से डिलीवरी, नया पता या फ़ोन नंबर, या ऑर्डर कैंसल करना।',
  pickupBooked: (refNo, day) =>
    `आपके रिटर्न ${refNo} का पिकअप${day ? ` ${day} के लिए` : ''} बुक हो गया है। कृपया सामान को उसके टैग के साथ कूरियर के लिए पैक रखें।`,
  refundStarted: (amount) => `हमने ${amount} का रिफ़ंड शुरू कर दिया है। यह 7 से 10 कामकाजी दिनों में आप तक पहुँचेगा।`,
  refundCompleted: (amount) => `आपका ${amount} का रिफ़ंड पूरा हो गया है।`,
  refundToBank: (last4) => `यह आपके बैंक खाते${last4 ? ` (आख़िरी अंक ${last4})` : ''} में जाएगा।`,
  refundToSource: 'यह उसी तरीके में वापस जाएगा जिससे आपने पेमेंट किया था।',
  labels: {
    orderTotal: 'ऑर्डर की कुल रकम',
    parcelItems: 'इस पार्सल का सामान',
    itemsToReturn: 'रिटर्न होने वाला सामान',
    refund: 'रिफ़ंड',
    delivery: 'डिलीवरी',
    couponDiscount: 'कूपन छूट',
    promotion: 'प्रमोशन',
  },
  actions: {
    viewOrder: 'अपना ऑर्डर देखें',
    track: 'अपना ऑर्डर ट्रैक करें',
    chooseNext: 'चुनें कि आगे क्या हो',
    viewReturn: 'अपना रिटर्न देखें',
  },
  email: {
    hello: (name) => `नमस्ते ${name},`,
    order: (no) => `ऑर्डर ${no}`,
    orOpen: (href) => `या यह खोलें: ${href}`,
    why: 'आपको यह ईमेल Bazaar पर किए गए ऑर्डर की वजह से मिला है। ऑर्डर, रिफ़ंड और साइन-इन कोड के मैसेज हमेशा भेजे जाते हैं; बाकी अपडेट आप आपका खाता, मैसेज में जाकर बंद कर सकते हैं।',
    signature: '— Bazaar',
  },
};

const ta: NoticeWords = {
  placed: {
    lead: 'ஆர்டருக்கு நன்றி. விற்பனையாளரிடம் தெரிவித்துவிட்டோம், அவர் இப்போது உங்களுக்காக பேக் செய்கிறார்.',
    payCod: (amount) => `டெலிவரியின் போது ${amount} ரொக்கமாக செலுத்துங்கள்.`,
    paid: 'உங்கள் பணம் கிடைத்தது.',
  },
  shipped: (carrier, awbNo) =>
    `உங்கள் பார்சல் ${carrier} மூலம் வந்துகொண்டிருக்கிறது${awbNo ? ` (AWB ${awbNo})` : ''}.`,
  outForDelivery: 'உங்கள் பார்சல் இன்று டெலிவரிக்கு வருகிறது. உங்கள் ஃபோனை அருகில் வைத்திருங்கள்.',
  delivered: {
    lead: 'உங்கள் பார்சல் டெலிவரி ஆனது. உங்களுக்குப் பிடிக்கும் என நம்புகிறோம்.',
    detail:
      'உங்கள் ஆர்டரிலிருந்து பொருட்களை ரிட்டர்ன் அல்லது மாற்றலாம்; விற்பனையாளர், டெலிவரி, பொருள் பற்றி கருத்தும் சொல்லலாம்.',
  },
  attempted:
    'கூரியரால் இன்று உங்கள் பார்சலை டெலிவரி செய்ய முடியவில்லை. அடுத்து என்ன என்பதைத் தேர்வு செய்ய உங்கள் ஆர்டரைத் திறங்கள்: மீண்டும் டெலிவரி, புதிய முகவரி அல்லது ஃபோன் எண், அல்லது ரத்து செய்தல்.',
  pickupBooked: (refNo, day) =>
    `உங்கள் ரிட்டர்ன் ${refNo} க்கான பிக்கப்${day ? ` ${day} அன்று` : ''} புக் ஆனது. பொருளை அதன் டேக்குகளுடன் கூரியருக்காக பேக் செய்து வையுங்கள்.`,
  refundStarted: (amount) => `${amount} ரீஃபண்ட் தொடங்கிவிட்டோம். 7 முதல் 10 வேலை நாட்களில் உங்களை வந்து சேரும்.`,
  refundCompleted: (amount) => `உங்கள் ${amount} ரீஃபண்ட் முடிந்தது.`,
  refundToBank: (last4) => `இது உங்கள் வங்கிக் கணக்கிற்கு${last4 ? ` (கடைசி எண்கள் ${last4})` : ''} செல்லும்.`,
  refundToSource: 'நீங்கள் பணம் செலுத்திய அதே வழிக்கு இது திரும்பச் செல்லும்.',
  labels: {
    orderTotal: 'ஆர்டர் மொத்தம்',
    parcelItems: 'இந்த பார்சலில் உள்ள பொருட்கள்',
    itemsToReturn: 'ரிட்டர்ன் செய்யும் பொருட்கள்',
    refund: 'ரீஃபண்ட்',
    delivery: 'டெலிவரி',
    couponDiscount: 'கூப்பன் தள்ளுபடி',
    promotion: 'சலுகை',
  },
  actions: {
    viewOrder: 'உங்கள் ஆர்டரைப் பாருங்கள்',
    track: 'உங்கள் ஆர்டரை டிராக் செய்யுங்கள்',
    chooseNext: 'அடுத்து என்ன என்பதைத் தேர்வு செய்யுங்கள்',
    viewReturn: 'உங்கள் ரிட்டர்னைப் பாருங்கள்',
  },
  email: {
    hello: (name) => `வணக்கம் ${name},`,
    order: (no) => `ஆர்டர் ${no}`,
    orOpen: (href) => `அல்லது இதைத் திறங்கள்: ${href}`,
    why: 'Bazaar இல் நீங்கள் செய்த ஆர்டரால் இந்த மின்னஞ்சல் உங்களுக்கு வந்துள்ளது. ஆர்டர், ரீஃபண்ட், சைன்-இன் குறியீடு பற்றிய செய்திகள் எப்போதும் அனுப்பப்படும்; மற்ற அப்டேட்களை உங்கள் கணக்கு, செய்திகள் பகுதியில் நிறுத்தலாம்.',
    signature: '— Bazaar',
  },
};

const te: NoticeWords = {
  placed: {
    lead: 'ఆర్డర్ చేసినందుకు ధన్యవాదాలు. విక్రేతకు తెలియజేశాం, వారు ఇప్పుడు మీ కోసం ప్యాక్ చేస్తున్నారు.',
    payCod: (amount) => `డెలివరీ సమయంలో ${amount} నగదుగా చెల్లించండి.`,
    paid: 'మీ పేమెంట్ అందింది.',
  },
  shipped: (carrier, awbNo) => `మీ పార్శిల్ ${carrier} ద్వారా దారిలో ఉంది${awbNo ? ` (AWB ${awbNo})` : ''}.`,
  outForDelivery: 'మీ పార్శిల్ ఈరోజు డెలివరీకి బయలుదేరింది. దయచేసి మీ ఫోన్ దగ్గర ఉంచుకోండి.',
  delivered: {
    lead: 'మీ పార్శిల్ డెలివరీ అయింది. మీకు నచ్చుతుందని ఆశిస్తున్నాం.',
    detail: 'మీ ఆర్డర్ నుండి వస్తువులను రిటర్న్ లేదా రీప్లేస్ చేయవచ్చు; విక్రేత, డెలివరీ, ప్రొడక్ట్ గురించి మీ అభిప్రాయం కూడా చెప్పవచ్చు.',
  },
  attempted:
    'కొరియర్ ఈరోజు మీ పార్శిల్‌ను డెలివరీ చేయలేకపోయింది. తర్వాత ఏం జరగాలో ఎంచుకోవడానికి మీ ఆర్డర్ తెరవండి: మరోసారి డెలివరీ, కొత్త చిరునామా లేదా ఫోన్ నంబర్, లేదా క్యాన్సిల్ చేయడం.',
  pickupBooked: (refNo, day) =>
    `మీ రిటర్న్ ${refNo} పికప్${day ? ` ${day} న` : ''} బుక్ అయింది. దయచేసి వస్తువును దాని ట్యాగ్‌లతో కొరియర్ కోసం ప్యాక్ చేసి ఉంచండి.`,
  refundStarted: (amount) => `${amount} రీఫండ్ మొదలుపెట్టాం. 7 నుండి 10 పని దినాల్లో మీకు చేరుతుంది.`,
  refundCompleted: (amount) => `మీ ${amount} రీఫండ్ పూర్తయింది.`,
  refundToBank: (last4) => `ఇది మీ బ్యాంక్ ఖాతాకు${last4 ? ` (చివరి అంకెలు ${last4})` : ''} వెళ్తుంది.`,
  refundToSource: 'మీరు చెల్లించిన పద్ధతికే ఇది తిరిగి వెళ్తుంది.',
  labels: {
    orderTotal: 'ఆర్డర్ మొత్తం',
    parcelItems: 'ఈ పార్శిల్‌లోని వస్తువులు',
    itemsToReturn: 'రిటర్న్ చేసే వస్తువులు',
    refund: 'రీఫండ్',
    delivery: 'డెలివరీ',
    couponDiscount: 'కూపన్ డిస్కౌంట్',
    promotion: 'ప్రమోషన్',
  },
  actions: {
    viewOrder: 'మీ ఆర్డర్ చూడండి',
    track: 'మీ ఆర్డర్ ట్రాక్ చేయండి',
    chooseNext: 'తర్వాత ఏం జరగాలో ఎంచుకోండి',
    viewReturn: 'మీ రిటర్న్ చూడండి',
  },
  email: {
    hello: (name) => `నమస్తే ${name},`,
    order: (no) => `ఆర్డర్ ${no}`,
    orOpen: (href) => `లేదా ఇది తెరవండి: ${href}`,
    why: 'Bazaar లో మీరు చేసిన ఆర్డర్ వల్ల ఈ ఇమెయిల్ మీకు వచ్చింది. ఆర్డర్లు, రీఫండ్‌లు, సైన్-ఇన్ కోడ్‌ల మెసేజ్‌లు ఎప్పుడూ పంపుతాం; ఇతర అప్‌డేట్‌లను మీ ఖాతా, మెసేజ్‌లు లో ఆపివేయవచ్చు.',
    signature: '— Bazaar',
  },
};

export const NOTICE_WORDS: Record<Language, NoticeWords> = { en, hi, ta, te };

/**
 * A shopper notice's SMS (registered with DLT as its own Unicode template, `{#var#}` in the order of
 * `smsVariables`) and email subject (`{orderNo}` filled in) in Hindi, Tamil and Telugu; English is
 * in catalogue.ts.
 */
export type TranslatedNotice = { sms: string; smsVariables: readonly string[]; subject: string };

export const TRANSLATED_NOTICES: Record<
  Exclude<Language, 'en'>,
  Record<ShopperNoticeKind, TranslatedNotice>
> = {
  hi: {
    'order-placed': {
      sms: 'आपका ऑर्डर {#var#} मिल गया है। शिप होते ही हम बताएँगे। जानकारी: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'आपका ऑर्डर {orderNo} मिल गया है',
    },
    'order-shipped': {
      sms: 'आपका ऑर्डर {#var#} शिप हो गया है। यहाँ ट्रैक करें: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'आपका ऑर्डर {orderNo} शिप हो गया है',
    },
    'out-for-delivery': {
      sms: 'आपका ऑर्डर {#var#} आज डिलीवरी के लिए निकला है। यहाँ ट्रैक करें: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'आपका ऑर्डर {orderNo} डिलीवरी के लिए निकला है',
    },
    'order-delivered': {
      sms: 'आपका ऑर्डर {#var#} डिलीवर हो गया है। रिटर्न और फ़ीडबैक: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'आपका ऑर्डर {orderNo} डिलीवर हो गया है',
    },
    'delivery-attempted': {
      sms: 'आज आपका ऑर्डर {#var#} डिलीवर नहीं हो सका। आगे क्या करें, बताएँ: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'आपका ऑर्डर {orderNo} डिलीवर नहीं हो सका',
    },
    'return-pickup-booked': {
      sms: 'ऑर्डर {#var#} के रिटर्न का पिकअप बुक हो गया है। जानकारी: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'ऑर्डर {orderNo} के रिटर्न का पिकअप बुक हो गया',
    },
    'refund-started': {
      sms: 'ऑर्डर {#var#} का Rs {#var#} का रिफ़ंड शुरू हो गया है। यह 7-10 कामकाजी दिनों में पहुँचेगा। - Bazaar',
      smsVariables: ['order', 'amount'],
      subject: 'ऑर्डर {orderNo} का रिफ़ंड शुरू हो गया है',
    },
    'refund-completed': {
      sms: 'ऑर्डर {#var#} का Rs {#var#} का रिफ़ंड पूरा हो गया है। - Bazaar',
      smsVariables: ['order', 'amount'],
      subject: 'ऑर्डर {orderNo} का रिफ़ंड पूरा हो गया है',
    },
  },
  ta: {
    'order-placed': {
      sms: 'உங்கள் ஆர்டர் {#var#} பதிவானது. அனுப்பியதும் தெரிவிப்போம். விவரம்: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'உங்கள் ஆர்டர் {orderNo} பதிவானது',
    },
    'order-shipped': {
      sms: 'உங்கள் ஆர்டர் {#var#} அனுப்பப்பட்டது. இங்கே டிராக் செய்யுங்கள்: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'உங்கள் ஆர்டர் {orderNo} அனுப்பப்பட்டது',
    },
    'out-for-delivery': {
      sms: 'உங்கள் ஆர்டர் {#var#} இன்று டெலிவரிக்கு வருகிறது. டிராக் செய்ய: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'உங்கள் ஆர்டர் {orderNo} இன்று டெலிவரிக்கு வருகிறது',
    },
    'order-delivered': {
      sms: 'உங்கள் ஆர்டர் {#var#} டெலிவரி ஆனது. ரிட்டர்ன், கருத்து: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'உங்கள் ஆர்டர் {orderNo} டெலிவரி ஆனது',
    },
    'delivery-attempted': {
      sms: 'உங்கள் ஆர்டர் {#var#} இன்று டெலிவரி ஆகவில்லை. அடுத்து என்ன செய்ய வேண்டும் என சொல்லுங்கள்: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'உங்கள் ஆர்டர் {orderNo} டெலிவரி ஆகவில்லை',
    },
    'return-pickup-booked': {
      sms: 'ஆர்டர் {#var#} ரிட்டர்ன் பிக்கப் புக் ஆனது. விவரம்: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'ஆர்டர் {orderNo} ரிட்டர்ன் பிக்கப் புக் ஆனது',
    },
    'refund-started': {
      sms: 'ஆர்டர் {#var#} க்கான Rs {#var#} ரீஃபண்ட் தொடங்கியது. 7-10 வேலை நாட்களில் வந்து சேரும். - Bazaar',
      smsVariables: ['order', 'amount'],
      subject: 'ஆர்டர் {orderNo} க்கான ரீஃபண்ட் தொடங்கியது',
    },
    'refund-completed': {
      sms: 'ஆர்டர் {#var#} க்கான Rs {#var#} ரீஃபண்ட் முடிந்தது. - Bazaar',
      smsVariables: ['order', 'amount'],
      subject: 'ஆர்டர் {orderNo} க்கான ரீஃபண்ட் முடிந்தது',
    },
  },
  te: {
    'order-placed': {
      sms: 'మీ ఆర్డర్ {#var#} నమోదైంది. షిప్ అయ్యాక తెలియజేస్తాం. వివరాలు: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'మీ ఆర్డర్ {orderNo} నమోదైంది',
    },
    'order-shipped': {
      sms: 'మీ ఆర్డర్ {#var#} షిప్ అయింది. ఇక్కడ ట్రాక్ చేయండి: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'మీ ఆర్డర్ {orderNo} షిప్ అయింది',
    },
    'out-for-delivery': {
      sms: 'మీ ఆర్డర్ {#var#} ఈరోజు డెలివరీకి బయలుదేరింది. ట్రాక్ చేయండి: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'మీ ఆర్డర్ {orderNo} డెలివరీకి బయలుదేరింది',
    },
    'order-delivered': {
      sms: 'మీ ఆర్డర్ {#var#} డెలివరీ అయింది. రిటర్న్, ఫీడ్‌బ్యాక్: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'మీ ఆర్డర్ {orderNo} డెలివరీ అయింది',
    },
    'delivery-attempted': {
      sms: 'ఈరోజు మీ ఆర్డర్ {#var#} డెలివరీ కాలేదు. తర్వాత ఏం చేయాలో చెప్పండి: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'మీ ఆర్డర్ {orderNo} డెలివరీ కాలేదు',
    },
    'return-pickup-booked': {
      sms: 'ఆర్డర్ {#var#} రిటర్న్ పికప్ బుక్ అయింది. వివరాలు: {#var#} - Bazaar',
      smsVariables: ['order', 'link'],
      subject: 'ఆర్డర్ {orderNo} రిటర్న్ పికప్ బుక్ అయింది',
    },
    'refund-started': {
      sms: 'ఆర్డర్ {#var#} కోసం Rs {#var#} రీఫండ్ మొదలైంది. 7-10 పని దినాల్లో మీకు చేరుతుంది. - Bazaar',
      smsVariables: ['order', 'amount'],
      subject: 'ఆర్డర్ {orderNo} రీఫండ్ మొదలైంది',
    },
    'refund-completed': {
      sms: 'ఆర్డర్ {#var#} కోసం Rs {#var#} రీఫండ్ పూర్తయింది. - Bazaar',
      smsVariables: ['order', 'amount'],
      subject: 'ఆర్డర్ {orderNo} రీఫండ్ పూర్తయింది',
    },
  },
};
