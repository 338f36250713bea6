// requirements#privacy-notice: the stand-alone, itemised privacy notice (DPDP Act 2023 s. 5, DPDP
// Rules 2025 rule 3), kept as data: one version, its text per language code, so the notice page,
// registration and the consent record all name the same version.

/** The notice in force; a consent records the version the shopper read. Change it with the text. */
export const NOTICE_VERSION = '2026-12-06';

/** Language codes the notice is written in, as the site's language prefixes name them (`/hi/…`). */
export const NOTICE_LANGUAGES = ['en', 'hi', 'ta', 'te'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

export function isNoticeLanguage(value: unknown): value is NoticeLanguage {
  return typeof value === 'string' && (NOTICE_LANGUAGES as readonly string[]).includes(value);
}

/** Purposes that need the shopper's consent; orders and delivery are the contract and need none. */
export const CONSENT_PURPOSES = ['marketing', 'personalisation'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export type NoticeItem = { what: string; why: string; howLong: string };

export type NoticeText = {
  /** the language's own name, for the picker */
  languageName: string;
  title: string;
  intro: string;
  itemsTitle: string;
  columns: { what: string; why: string; howLong: string };
  items: readonly NoticeItem[];
  consentsTitle: string;
  consents: Record<ConsentPurpose, { label: string; text: string }>;
  withdrawTitle: string;
  withdraw: string;
  rightsTitle: string;
  rights: string;
  complainTitle: string;
  complain: string;
  versionLabel: string;
};

/** The Data Protection Board of India's site, where a complaint is made after our grievance officer. */
export const BOARD_URL = 'https://www.dpboard.gov.in';

export const PRIVACY_NOTICE: Record<NoticeLanguage, NoticeText> = {
  en: {
    languageName: 'English',
    title: 'Privacy notice',
    intro:
      'We ask for the personal data below so you can shop, pay and receive your orders. Each item says why we need it and how long we keep it. Marketing messages and personalised recommendations are used only if you agree, and you can change your mind at any time.',
    itemsTitle: 'What we collect',
    columns: { what: 'What', why: 'Why', howLong: 'How long we keep it' },
    items: [
      {
        what: 'Your name, email address, mobile number and gender; your date of birth and anniversary if you add them',
        why: 'To create your account, sign you in securely and send your one-time codes',
        howLong:
          'While your account is open; erased after 3 years without use, with a warning 48 hours before',
      },
      {
        what: 'Your delivery addresses',
        why: 'To deliver your orders and tell you whether cash on delivery reaches you',
        howLong: 'While your account is open, or until you delete an address',
      },
      {
        what: 'Your orders, payments, returns and refunds',
        why: 'To sell and deliver what you buy, handle returns and pay refunds',
        howLong:
          'While your account is open; tax invoices and credit notes for 72 months as the GST law requires',
      },
      {
        what: 'Your reviews, your messages to sellers and your complaints',
        why: 'To show your reviews and answer your questions and complaints',
        howLong: 'While your account is open',
      },
      {
        what: 'Products you viewed and searched for',
        why: 'To recommend products to you, only if you agree to personalised recommendations',
        howLong: 'One month at most; erased as soon as you withdraw your consent',
      },
      {
        what: 'Sign-in records: the time, your IP address and your browser',
        why: 'To keep your account safe and investigate misuse',
        howLong: 'One year, as the Digital Personal Data Protection Rules, 2025 require, then erased',
      },
    ],
    consentsTitle: 'What you may choose',
    consents: {
      marketing: {
        label: 'Send me offers and sales',
        text: 'Messages about offers and sales by email, SMS or WhatsApp.',
      },
      personalisation: {
        label: 'Recommend products from my browsing',
        text: 'We use the products you viewed and searched for to suggest others.',
      },
    },
    withdrawTitle: 'Changing your mind',
    withdraw:
      'Withdraw either consent at any time, with one click, under Your Account, Privacy. Withdrawing stops the messages or recommendations from then on; it does not affect your orders.',
    rightsTitle: 'Your rights',
    rights:
      'Under Your Account, Privacy you can download a copy of your data, correct your profile and addresses, and delete your account. For anything else, write to our Grievance Officer from the Grievance page.',
    complainTitle: 'Complaints',
    complain:
      'If our Grievance Officer has not resolved your complaint, you may complain to the Data Protection Board of India.',
    versionLabel: 'Notice version',
  },
  hi: {
    languageName: 'हिन्दी',
    title: 'गोपनीयता सूचना',
    intro:
      'नीचे दी गई निजी जानकारी हम इसलिए माँगते हैं ताकि आप ख़रीदारी कर सकें, भुगतान कर सकें और अपने ऑर्डर पा सकें। हर जानकारी के साथ लिखा है कि हमें उसकी ज़रूरत क्यों है और हम उसे कितने समय तक रखते हैं। ऑफ़र वाले संदेश और आपके लिए चुनी गई सिफ़ारिशें तभी भेजी जाती हैं जब आप हाँ कहें, और आप कभी भी अपना फ़ैसला बदल सकते हैं।',
    itemsTitle: 'हम क्या जानकारी लेते हैं',
    columns: { what: 'क्या', why: 'क्यों', howLong: 'कितने समय तक रखते हैं' },
    items: [
      {
        what: 'आपका नाम, ईमेल पता, मोबाइल नंबर और लिंग; अगर आप जोड़ें तो जन्मतिथि और सालगिरह',
        why: 'आपका खाता बनाने, आपको सुरक्षित लॉग इन कराने और आपके OTP भेजने के लिए',
        howLong: 'जब तक आपका खाता खुला है; 3 साल तक इस्तेमाल न होने पर मिटा दी जाती है, 48 घंटे पहले सूचना देकर',
      },
      {
        what: 'आपके डिलीवरी पते',
        why: 'आपके ऑर्डर पहुँचाने और यह बताने के लिए कि आपके पते पर कैश ऑन डिलीवरी मिलती है या नहीं',
        howLong: 'जब तक आपका खाता खुला है, या जब तक आप पता हटा न दें',
      },
      {
        what: 'आपके ऑर्डर, भुगतान, वापसी और रिफ़ंड',
        why: 'आपकी ख़रीदी चीज़ें बेचने और पहुँचाने, वापसी संभालने और रिफ़ंड देने के लिए',
        howLong: 'जब तक आपका खाता खुला है; GST क़ानून के अनुसार टैक्स इनवॉइस और क्रेडिट नोट 72 महीने तक',
      },
      {
        what: 'आपकी समीक्षाएँ, विक्रेताओं को भेजे आपके संदेश और आपकी शिकायतें',
        why: 'आपकी समीक्षाएँ दिखाने और आपके सवालों व शिकायतों का जवाब देने के लिए',
        howLong: 'जब तक आपका खाता खुला है',
      },
      {
        what: 'आपने जो प्रोडक्ट देखे और खोजे',
        why: 'आपको प्रोडक्ट सुझाने के लिए, सिर्फ़ तब जब आप सिफ़ारिशों के लिए हाँ कहें',
        howLong: 'ज़्यादा से ज़्यादा एक महीना; सहमति वापस लेते ही मिटा दी जाती है',
      },
      {
        what: 'लॉग इन का रिकॉर्ड: समय, आपका IP पता और ब्राउज़र',
        why: 'आपका खाता सुरक्षित रखने और गलत इस्तेमाल की जाँच के लिए',
        howLong: 'डिजिटल व्यक्तिगत डेटा संरक्षण नियम, 2025 के अनुसार एक साल, फिर मिटा दिया जाता है',
      },
    ],
    consentsTitle: 'आप क्या चुन सकते हैं',
    consents: {
      marketing: {
        label: 'मुझे ऑफ़र और सेल की जानकारी भेजें',
        text: 'ईमेल, SMS या WhatsApp पर ऑफ़र और सेल के संदेश।',
      },
      personalisation: {
        label: 'मेरी ब्राउज़िंग के आधार पर प्रोडक्ट सुझाएँ',
        text: 'आपने जो प्रोडक्ट देखे और खोजे, उनके आधार पर हम दूसरे प्रोडक्ट सुझाते हैं।',
      },
    },
    withdrawTitle: 'फ़ैसला बदलना',
    withdraw:
      'आप किसी भी सहमति को कभी भी, एक क्लिक में, आपका खाता → प्राइवेसी में जाकर वापस ले सकते हैं। वापस लेने के बाद संदेश या सुझाव बंद हो जाते हैं; आपके ऑर्डर पर इसका कोई असर नहीं पड़ता।',
    rightsTitle: 'आपके अधिकार',
    rights:
      'आपका खाता → प्राइवेसी में आप अपने डेटा की कॉपी डाउनलोड कर सकते हैं, प्रोफ़ाइल और पते सुधार सकते हैं, और अपना खाता डिलीट कर सकते हैं। किसी और बात के लिए शिकायत पेज से हमारे शिकायत अधिकारी को लिखें।',
    complainTitle: 'शिकायत',
    complain:
      'अगर हमारे शिकायत अधिकारी ने आपकी शिकायत का समाधान नहीं किया, तो आप भारतीय डेटा संरक्षण बोर्ड (Data Protection Board of India) से शिकायत कर सकते हैं।',
    versionLabel: 'सूचना संस्करण',
  },
  ta: {
    languageName: 'தமிழ்',
    title: 'தனியுரிமை அறிவிப்பு',
    intro:
      'நீங்கள் பொருட்களை வாங்க, பணம் செலுத்த, உங்கள் ஆர்டர்களைப் பெற கீழே உள்ள தனிப்பட்ட தகவல்களைக் கேட்கிறோம். ஒவ்வொன்றும் ஏன் தேவை, எவ்வளவு காலம் வைத்திருப்போம் என்று அதனுடன் சொல்லியிருக்கிறோம். சலுகைச் செய்திகளும் உங்களுக்கான பரிந்துரைகளும் நீங்கள் ஒப்புக்கொண்டால் மட்டுமே; எப்போது வேண்டுமானாலும் உங்கள் முடிவை மாற்றலாம்.',
    itemsTitle: 'நாங்கள் சேகரிப்பவை',
    columns: { what: 'என்ன', why: 'ஏன்', howLong: 'எவ்வளவு காலம் வைத்திருப்போம்' },
    items: [
      {
        what: 'உங்கள் பெயர், மின்னஞ்சல் முகவரி, மொபைல் எண், பாலினம்; நீங்கள் சேர்த்தால் பிறந்த தேதி, திருமண நாள்',
        why: 'உங்கள் கணக்கை உருவாக்க, பாதுகாப்பாக உள்நுழைய, OTP அனுப்ப',
        howLong: 'கணக்கு திறந்திருக்கும் வரை; 3 ஆண்டுகள் பயன்படுத்தாவிட்டால் 48 மணி நேரம் முன் தெரிவித்து அழிக்கப்படும்',
      },
      {
        what: 'உங்கள் டெலிவரி முகவரிகள்',
        why: 'ஆர்டர்களை டெலிவரி செய்ய, கேஷ் ஆன் டெலிவரி உங்கள் முகவரிக்குக் கிடைக்குமா என்று சொல்ல',
        howLong: 'கணக்கு திறந்திருக்கும் வரை, அல்லது நீங்கள் முகவரியை நீக்கும் வரை',
      },
      {
        what: 'உங்கள் ஆர்டர்கள், பணம் செலுத்தல்கள், திருப்பி அனுப்புதல்கள், பணத் திருப்பங்கள்',
        why: 'நீங்கள் வாங்குவதை விற்று டெலிவரி செய்ய, திருப்பி அனுப்புதலைக் கையாள, பணத்தைத் திருப்பித் தர',
        howLong: 'கணக்கு திறந்திருக்கும் வரை; GST சட்டப்படி வரி விலைப்பட்டியல்களும் கிரெடிட் நோட்டுகளும் 72 மாதங்கள்',
      },
      {
        what: 'உங்கள் மதிப்புரைகள், விற்பனையாளர்களுக்கான செய்திகள், புகார்கள்',
        why: 'உங்கள் மதிப்புரைகளைக் காட்ட, உங்கள் கேள்விகளுக்கும் புகார்களுக்கும் பதில் அளிக்க',
        howLong: 'கணக்கு திறந்திருக்கும் வரை',
      },
      {
        what: 'நீங்கள் பார்த்த, தேடிய பொருட்கள்',
        why: 'நீங்கள் ஒப்புக்கொண்டால் மட்டும், உங்களுக்குப் பொருட்களைப் பரிந்துரைக்க',
        howLong: 'அதிகபட்சம் ஒரு மாதம்; ஒப்புதலைத் திரும்பப் பெற்றவுடன் அழிக்கப்படும்',
      },
      {
        what: 'உள்நுழைவுப் பதிவுகள்: நேரம், உங்கள் IP முகவரி, உலாவி',
        why: 'உங்கள் கணக்கைப் பாதுகாக்க, தவறான பயன்பாட்டை விசாரிக்க',
        howLong: 'டிஜிட்டல் தனிநபர் தரவுப் பாதுகாப்பு விதிகள், 2025 படி ஒரு ஆண்டு, பிறகு அழிக்கப்படும்',
      },
    ],
    consentsTitle: 'நீங்கள் தேர்வு செய்யக்கூடியவை',
    consents: {
      marketing: {
        label: 'சலுகைகள், விற்பனைகள் பற்றி எனக்கு அனுப்புங்கள்',
        text: 'மின்னஞ்சல், SMS அல்லது WhatsApp மூலம் சலுகை, விற்பனைச் செய்திகள்.',
      },
      personalisation: {
        label: 'நான் பார்த்தவற்றை வைத்துப் பொருட்களைப் பரிந்துரையுங்கள்',
        text: 'நீங்கள் பார்த்த, தேடிய பொருட்களை வைத்து வேறு பொருட்களைப் பரிந்துரைக்கிறோம்.',
      },
    },
    withdrawTitle: 'முடிவை மாற்ற',
    withdraw:
      'உங்கள் கணக்கு → தனியுரிமை பக்கத்தில் எந்த ஒப்புதலையும் எப்போது வேண்டுமானாலும் ஒரே கிளிக்கில் திரும்பப் பெறலாம். அதன் பிறகு செய்திகளோ பரிந்துரைகளோ வராது; உங்கள் ஆர்டர்கள் பாதிக்கப்படாது.',
    rightsTitle: 'உங்கள் உரிமைகள்',
    rights:
      'உங்கள் கணக்கு → தனியுரிமை பக்கத்தில் உங்கள் தரவின் நகலைப் பதிவிறக்கலாம், சுயவிவரத்தையும் முகவரிகளையும் திருத்தலாம், கணக்கை நீக்கலாம். வேறு எதற்கும் குறைதீர்ப்புப் பக்கத்தில் எங்கள் குறைதீர்ப்பு அலுவலருக்கு எழுதுங்கள்.',
    complainTitle: 'புகார்கள்',
    complain:
      'எங்கள் குறைதீர்ப்பு அலுவலர் உங்கள் புகாரைத் தீர்க்காவிட்டால், இந்தியத் தரவுப் பாதுகாப்பு வாரியத்திடம் (Data Protection Board of India) புகார் செய்யலாம்.',
    versionLabel: 'அறிவிப்புப் பதிப்பு',
  },
  te: {
    languageName: 'తెలుగు',
    title: 'గోప్యతా నోటీసు',
    intro:
      'మీరు షాపింగ్ చేయడానికి, చెల్లించడానికి, మీ ఆర్డర్లు అందుకోవడానికి కింది వ్యక్తిగత సమాచారం అడుగుతాం. ప్రతిదానికీ అది ఎందుకు కావాలో, ఎంత కాలం ఉంచుతామో పక్కనే రాశాం. ఆఫర్ సందేశాలు, మీ కోసం సిఫార్సులు మీరు ఒప్పుకుంటేనే; ఎప్పుడైనా మీ నిర్ణయం మార్చుకోవచ్చు.',
    itemsTitle: 'మేము సేకరించేవి',
    columns: { what: 'ఏమిటి', why: 'ఎందుకు', howLong: 'ఎంత కాలం ఉంచుతాం' },
    items: [
      {
        what: 'మీ పేరు, ఈమెయిల్ చిరునామా, మొబైల్ నంబర్, లింగం; మీరు చేర్చితే పుట్టిన తేదీ, పెళ్లి రోజు',
        why: 'మీ ఖాతా తెరవడానికి, మిమ్మల్ని సురక్షితంగా లాగిన్ చేయడానికి, OTP పంపడానికి',
        howLong: 'ఖాతా తెరిచి ఉన్నంత కాలం; 3 ఏళ్లు వాడకపోతే 48 గంటల ముందు తెలియజేసి తొలగిస్తాం',
      },
      {
        what: 'మీ డెలివరీ చిరునామాలు',
        why: 'మీ ఆర్డర్లు డెలివరీ చేయడానికి, మీ చిరునామాకు క్యాష్ ఆన్ డెలివరీ ఉందో లేదో చెప్పడానికి',
        howLong: 'ఖాతా తెరిచి ఉన్నంత కాలం, లేదా మీరు చిరునామా తొలగించే వరకు',
      },
      {
        what: 'మీ ఆర్డర్లు, చెల్లింపులు, రిటర్న్‌లు, రీఫండ్‌లు',
        why: 'మీరు కొన్నవి అమ్మి డెలివరీ చేయడానికి, రిటర్న్‌లు చూసుకోవడానికి, రీఫండ్ ఇవ్వడానికి',
        howLong: 'ఖాతా తెరిచి ఉన్నంత కాలం; GST చట్టం ప్రకారం ట్యాక్స్ ఇన్‌వాయిస్‌లు, క్రెడిట్ నోట్లు 72 నెలలు',
      },
      {
        what: 'మీ రివ్యూలు, విక్రేతలకు మీ సందేశాలు, మీ ఫిర్యాదులు',
        why: 'మీ రివ్యూలు చూపించడానికి, మీ ప్రశ్నలకు, ఫిర్యాదులకు జవాబివ్వడానికి',
        howLong: 'ఖాతా తెరిచి ఉన్నంత కాలం',
      },
      {
        what: 'మీరు చూసిన, వెతికిన ప్రోడక్ట్‌లు',
        why: 'మీరు ఒప్పుకుంటేనే, మీకు ప్రోడక్ట్‌లు సూచించడానికి',
        howLong: 'గరిష్ఠంగా ఒక నెల; సమ్మతి వెనక్కి తీసుకోగానే తొలగిస్తాం',
      },
      {
        what: 'లాగిన్ రికార్డులు: సమయం, మీ IP చిరునామా, బ్రౌజర్',
        why: 'మీ ఖాతాను సురక్షితంగా ఉంచడానికి, దుర్వినియోగాన్ని పరిశీలించడానికి',
        howLong: 'డిజిటల్ వ్యక్తిగత డేటా రక్షణ నియమాలు, 2025 ప్రకారం ఒక సంవత్సరం, తర్వాత తొలగిస్తాం',
      },
    ],
    consentsTitle: 'మీరు ఎంచుకోగలిగేవి',
    consents: {
      marketing: {
        label: 'ఆఫర్లు, సేల్స్ గురించి నాకు పంపండి',
        text: 'ఈమెయిల్, SMS లేదా WhatsApp ద్వారా ఆఫర్, సేల్ సందేశాలు.',
      },
      personalisation: {
        label: 'నేను చూసినవాటి ఆధారంగా ప్రోడక్ట్‌లు సూచించండి',
        text: 'మీరు చూసిన, వెతికిన ప్రోడక్ట్‌ల ఆధారంగా ఇతర ప్రోడక్ట్‌లు సూచిస్తాం.',
      },
    },
    withdrawTitle: 'నిర్ణయం మార్చుకోవడం',
    withdraw:
      'మీ ఖాతా → గోప్యత పేజీలో ఏ సమ్మతినైనా ఎప్పుడైనా ఒక్క క్లిక్‌తో వెనక్కి తీసుకోవచ్చు. ఆ తర్వాత సందేశాలు, సూచనలు ఆగిపోతాయి; మీ ఆర్డర్లపై ప్రభావం ఉండదు.',
    rightsTitle: 'మీ హక్కులు',
    rights:
      'మీ ఖాతా → గోప్యత పేజీలో మీ డేటా కాపీ డౌన్‌లోడ్ చేసుకోవచ్చు, ప్రొఫైల్, చిరునామాలు సరిచేయవచ్చు, ఖాతా తొలగించవచ్చు. మిగతా వాటికి ఫిర్యాదుల పేజీ నుంచి మా గ్రీవెన్స్ అధికారికి రాయండి.',
    complainTitle: 'ఫిర్యాదులు',
    complain:
      'మా గ్రీవెన్స్ అధికారి మీ ఫిర్యాదు పరిష్కరించకపోతే, భారత డేటా రక్షణ బోర్డు (Data Protection Board of India)కు ఫిర్యాదు చేయవచ్చు.',
    versionLabel: 'నోటీసు వెర్షన్',
  },
};

/** The notice in a language, English when the code is unknown. */
export function noticeIn(language: unknown): { language: NoticeLanguage; text: NoticeText } {
  const chosen: NoticeLanguage = isNoticeLanguage(language) ? language : 'en';
  return { language: chosen, text: PRIVACY_NOTICE[chosen] };
}
