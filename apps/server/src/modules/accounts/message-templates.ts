import { CODE_RULES } from '@marketplace/domain/accounts/codes';
import type { Language } from '@marketplace/domain/i18n/languages';
import { messageLanguage } from '../../http/request-origin.ts';
import type { NewMessage } from '../messages/index.ts';

const SITE = 'Bazaar';

export type CodeTemplate =
  | 'registration-code'
  | 'login-code'
  | 'password-reset-code'
  | 'link-account-code'
  | 'switch-account-code'
  | 'order-cancel-code'
  | 'seller-bank-change-code';

/**
 * requirements#message-languages: what an account's messages say, in each of the shop's languages.
 * A code's SMS is registered with DLT per language (its `{#var#}` is the code); the English texts are
 * the ones the shop has always sent.
 */
type AccountWords = {
  /** what the code is for, inside the sentence */
  what: Record<CodeTemplate, string>;
  codeSubject: (code: string) => string;
  codeEmail: (code: string, what: string) => string;
  codeSms: (code: string, what: string) => string;
  existsSubject: string;
  existsEmail: string;
  existsSms: string;
  welcomeSubject: (firstName: string) => string;
  welcomeBody: (firstName: string) => string;
  passwordChangedSubject: string;
  passwordChangedBody: string;
};

const minutes = CODE_RULES.ttlMinutes;

const WORDS: Record<Language, AccountWords> = {
  en: {
    what: {
      'registration-code': 'verify your new account',
      'login-code': 'log in',
      'password-reset-code': 'reset your password',
      'link-account-code': 'link this account to another one',
      'switch-account-code': 'switch to this account',
      'order-cancel-code': 'confirm the cancellation of your order items',
      'seller-bank-change-code': 'change the bank account your seller payouts go to',
    },
    codeSubject: (code) => `${code} is your ${SITE} OTP`,
    codeEmail: (code, what) =>
      `Your ${SITE} OTP to ${what} is ${code}. It expires in ${minutes} minutes. Never share it with anyone.`,
    codeSms: (code, what) =>
      `${code} is your ${SITE} OTP to ${what}. It expires in ${minutes} minutes. Never share it with anyone.`,
    existsSubject: `You already have a ${SITE} account`,
    existsEmail: `Someone, perhaps you, tried to open a new ${SITE} account with this email address. It already has an account, so no new one was made. If it was you, log in, or use Forgot password to choose a new password. If it was not you, you need do nothing: your account is unchanged.`,
    existsSms: `Someone tried to open a new ${SITE} account with this mobile number, which already has one. If it was you, log in or reset your password. - ${SITE}`,
    welcomeSubject: (name) => `Welcome to ${SITE}, ${name}`,
    welcomeBody: (name) => `Hello ${name}, your ${SITE} account is ready. Happy shopping!`,
    passwordChangedSubject: `Your ${SITE} password was changed`,
    passwordChangedBody: `The password of your ${SITE} account was just reset, and every device was logged out. If this was not you, reset it again now and contact support.`,
  },
  hi: {
    what: {
      'registration-code': 'अपना नया खाता वेरिफ़ाई करने',
      'login-code': 'लॉगिन करने',
      'password-reset-code': 'अपना पासवर्ड बदलने',
      'link-account-code': 'इस खाते को दूसरे खाते से जोड़ने',
      'switch-account-code': 'इस खाते पर जाने',
      'order-cancel-code': 'अपने ऑर्डर के आइटम कैंसल करने की पुष्टि करने',
      'seller-bank-change-code': 'विक्रेता पेमेंट वाला बैंक खाता बदलने',
    },
    codeSubject: (code) => `${code} आपका ${SITE} OTP है`,
    codeEmail: (code, what) =>
      `${what} के लिए आपका ${SITE} OTP ${code} है। यह ${minutes} मिनट में खत्म हो जाएगा। इसे कभी किसी से शेयर न करें।`,
    codeSms: (code, what) =>
      `${code} आपका ${SITE} OTP है, ${what} के लिए। यह ${minutes} मिनट में खत्म हो जाएगा। इसे किसी से शेयर न करें।`,
    existsSubject: `आपका ${SITE} खाता पहले से है`,
    existsEmail: `किसी ने, शायद आपने, इस ईमेल पते से ${SITE} पर नया खाता खोलने की कोशिश की। इस पते का खाता पहले से है, इसलिए नया खाता नहीं बना। अगर यह आप थे, तो लॉगिन करें, या नया पासवर्ड चुनने के लिए 'पासवर्ड भूल गए' इस्तेमाल करें। अगर यह आप नहीं थे, तो कुछ करने की ज़रूरत नहीं: आपका खाता जैसा था वैसा ही है।`,
    existsSms: `किसी ने इस मोबाइल नंबर से ${SITE} पर नया खाता खोलने की कोशिश की, जिसका खाता पहले से है। अगर यह आप थे, तो लॉगिन करें या पासवर्ड बदलें। - ${SITE}`,
    welcomeSubject: (name) => `${SITE} पर आपका स्वागत है, ${name}`,
    welcomeBody: (name) => `नमस्ते ${name}, आपका ${SITE} खाता तैयार है। खुश होकर खरीदारी करें!`,
    passwordChangedSubject: `आपका ${SITE} पासवर्ड बदल दिया गया`,
    passwordChangedBody: `आपके ${SITE} खाते का पासवर्ड अभी बदला गया, और हर डिवाइस से लॉग आउट कर दिया गया। अगर यह आपने नहीं किया, तो अभी फिर से पासवर्ड बदलें और सपोर्ट से संपर्क करें।`,
  },
  ta: {
    what: {
      'registration-code': 'உங்கள் புதிய கணக்கைச் சரிபார்க்க',
      'login-code': 'லாகின் செய்ய',
      'password-reset-code': 'உங்கள் பாஸ்வேர்டை மாற்ற',
      'link-account-code': 'இந்தக் கணக்கை மற்றொரு கணக்குடன் இணைக்க',
      'switch-account-code': 'இந்தக் கணக்கிற்கு மாற',
      'order-cancel-code': 'உங்கள் ஆர்டர் பொருட்களை ரத்து செய்வதை உறுதிப்படுத்த',
      'seller-bank-change-code': 'விற்பனையாளர் பணம் செல்லும் வங்கிக் கணக்கை மாற்ற',
    },
    codeSubject: (code) => `${code} உங்கள் ${SITE} OTP`,
    codeEmail: (code, what) =>
      `${what} உங்கள் ${SITE} OTP ${code}. இது ${minutes} நிமிடங்களில் காலாவதியாகும். இதை யாரிடமும் பகிர வேண்டாம்.`,
    codeSms: (code, what) =>
      `${code} உங்கள் ${SITE} OTP, ${what}. இது ${minutes} நிமிடங்களில் காலாவதியாகும். யாரிடமும் பகிர வேண்டாம்.`,
    existsSubject: `உங்களுக்கு ஏற்கனவே ${SITE} கணக்கு உள்ளது`,
    existsEmail: `யாரோ, ஒருவேளை நீங்களே, இந்த மின்னஞ்சல் முகவரியில் புதிய ${SITE} கணக்கைத் தொடங்க முயன்றார்கள். இதற்கு ஏற்கனவே கணக்கு உள்ளதால் புதிய கணக்கு உருவாக்கப்படவில்லை. அது நீங்கள் என்றால், லாகின் செய்யுங்கள், அல்லது புதிய பாஸ்வேர்டைத் தேர்வு செய்ய 'பாஸ்வேர்டை மறந்துவிட்டீர்களா' என்பதைப் பயன்படுத்துங்கள். அது நீங்கள் இல்லை என்றால், எதுவும் செய்ய வேண்டாம்: உங்கள் கணக்கு மாறவில்லை.`,
    existsSms: `ஏற்கனவே கணக்கு உள்ள இந்த மொபைல் எண்ணில் யாரோ புதிய ${SITE} கணக்கைத் தொடங்க முயன்றார்கள். அது நீங்கள் என்றால், லாகின் செய்யுங்கள் அல்லது பாஸ்வேர்டை மாற்றுங்கள். - ${SITE}`,
    welcomeSubject: (name) => `${SITE} க்கு வரவேற்கிறோம், ${name}`,
    welcomeBody: (name) => `வணக்கம் ${name}, உங்கள் ${SITE} கணக்கு தயார். மகிழ்ச்சியாக ஷாப்பிங் செய்யுங்கள்!`,
    passwordChangedSubject: `உங்கள் ${SITE} பாஸ்வேர்ட் மாற்றப்பட்டது`,
    passwordChangedBody: `உங்கள் ${SITE} கணக்கின் பாஸ்வேர்ட் இப்போது மாற்றப்பட்டது, எல்லா சாதனங்களிலிருந்தும் லாக் அவுட் செய்யப்பட்டது. இதைச் செய்தது நீங்கள் இல்லை என்றால், உடனே மீண்டும் மாற்றி சப்போர்ட்டைத் தொடர்பு கொள்ளுங்கள்.`,
  },
  te: {
    what: {
      'registration-code': 'మీ కొత్త ఖాతాను వెరిఫై చేయడానికి',
      'login-code': 'లాగిన్ చేయడానికి',
      'password-reset-code': 'మీ పాస్‌వర్డ్ మార్చడానికి',
      'link-account-code': 'ఈ ఖాతాను మరో ఖాతాతో లింక్ చేయడానికి',
      'switch-account-code': 'ఈ ఖాతాకు మారడానికి',
      'order-cancel-code': 'మీ ఆర్డర్ వస్తువుల క్యాన్సిలేషన్‌ను నిర్ధారించడానికి',
      'seller-bank-change-code': 'విక్రేత చెల్లింపులు వెళ్లే బ్యాంక్ ఖాతాను మార్చడానికి',
    },
    codeSubject: (code) => `${code} మీ ${SITE} OTP`,
    codeEmail: (code, what) =>
      `${what} మీ ${SITE} OTP ${code}. ఇది ${minutes} నిమిషాల్లో గడువు ముగుస్తుంది. దీన్ని ఎవరితోనూ పంచుకోకండి.`,
    codeSms: (code, what) =>
      `${code} మీ ${SITE} OTP, ${what}. ఇది ${minutes} నిమిషాల్లో గడువు ముగుస్తుంది. ఎవరితోనూ పంచుకోకండి.`,
    existsSubject: `మీకు ఇప్పటికే ${SITE} ఖాతా ఉంది`,
    existsEmail: `ఎవరో, బహుశా మీరే, ఈ ఇమెయిల్ చిరునామాతో కొత్త ${SITE} ఖాతా తెరవడానికి ప్రయత్నించారు. దీనికి ఇప్పటికే ఖాతా ఉంది కాబట్టి కొత్త ఖాతా తెరవలేదు. అది మీరే అయితే, లాగిన్ చేయండి, లేదా కొత్త పాస్‌వర్డ్ ఎంచుకోవడానికి 'పాస్‌వర్డ్ మర్చిపోయారా' ఉపయోగించండి. అది మీరు కాకపోతే, ఏమీ చేయనక్కర్లేదు: మీ ఖాతా మారలేదు.`,
    existsSms: `ఇప్పటికే ఖాతా ఉన్న ఈ మొబైల్ నంబర్‌తో ఎవరో కొత్త ${SITE} ఖాతా తెరవడానికి ప్రయత్నించారు. అది మీరే అయితే, లాగిన్ చేయండి లేదా పాస్‌వర్డ్ మార్చండి. - ${SITE}`,
    welcomeSubject: (name) => `${SITE} కు స్వాగతం, ${name}`,
    welcomeBody: (name) => `నమస్తే ${name}, మీ ${SITE} ఖాతా సిద్ధంగా ఉంది. సంతోషంగా షాపింగ్ చేయండి!`,
    passwordChangedSubject: `మీ ${SITE} పాస్‌వర్డ్ మార్చబడింది`,
    passwordChangedBody: `మీ ${SITE} ఖాతా పాస్‌వర్డ్ ఇప్పుడే మార్చబడింది, అన్ని డివైస్‌ల నుండి లాగ్ అవుట్ చేయబడింది. ఇది మీరు చేయకపోతే, వెంటనే మళ్లీ మార్చి సపోర్ట్‌ను సంప్రదించండి.`,
  },
};

/** The SMS text of `registration-account-exists` in English, registered with DLT as it is (no variables). */
export const ACCOUNT_EXISTS_SMS = WORDS.en.existsSms;

/**
 * The email and SMS carrying a code: the same text a person reads in their inbox or SMS app, in the
 * language of the page that asked for it.
 */
export function codeMessages(
  template: CodeTemplate,
  code: string,
  to: { email?: string | null; mobile?: string | null },
  language: Language = messageLanguage(),
): NewMessage[] {
  const words = WORDS[language];
  const what = words.what[template];
  const messages: NewMessage[] = [];
  if (to.email)
    messages.push({
      channel: 'email',
      recipient: to.email,
      subject: words.codeSubject(code),
      body: words.codeEmail(code, what),
      template,
      language,
    });
  if (to.mobile)
    messages.push({
      channel: 'sms',
      recipient: to.mobile,
      body: words.codeSms(code, what),
      template,
      // the DLT-registered template of this kind (and language) carries the code as its variable (ADR-0018)
      variables: { otp: code },
      language,
    });
  return messages;
}

/**
 * requirements#registration-existing: what the owner of an email or mobile gets when someone starts a
 * registration with it: no code, the news that it already has an account and what to do.
 */
export function accountExistsMessages(
  to: { email?: string | null; mobile?: string | null },
  language: Language = messageLanguage(),
): NewMessage[] {
  const words = WORDS[language];
  const messages: NewMessage[] = [];
  if (to.email)
    messages.push({
      channel: 'email',
      recipient: to.email,
      subject: words.existsSubject,
      body: words.existsEmail,
      template: 'registration-account-exists',
      language,
    });
  if (to.mobile)
    messages.push({
      channel: 'sms',
      recipient: to.mobile,
      body: words.existsSms,
      template: 'registration-account-exists',
      variables: {},
      language,
    });
  return messages;
}

export function welcomeMessage(
  email: string,
  firstName: string,
  language: Language = messageLanguage(),
): NewMessage {
  const words = WORDS[language];
  return {
    channel: 'email',
    recipient: email,
    subject: words.welcomeSubject(firstName),
    body: words.welcomeBody(firstName),
    template: 'welcome',
    language,
  };
}

export function passwordChangedMessage(email: string, language: Language = messageLanguage()): NewMessage {
  const words = WORDS[language];
  return {
    channel: 'email',
    recipient: email,
    subject: words.passwordChangedSubject,
    body: words.passwordChangedBody,
    template: 'password-changed',
    language,
  };
}

/**
 * Every account SMS in every language as registered with DLT (the code as `{#var#}`), for the
 * templates a deployer registers (README, DLT templates) and their test.
 */
export function accountSmsTemplates(): { template: string; language: Language; text: string }[] {
  return (Object.keys(WORDS) as Language[]).flatMap((language) => [
    ...(Object.keys(WORDS[language].what) as CodeTemplate[]).map((template) => ({
      template,
      language,
      text: WORDS[language].codeSms('{#var#}', WORDS[language].what[template]),
    })),
    { template: 'registration-account-exists', language, text: WORDS[language].existsSms },
  ]);
}
