// The brand registry page's copy (marketing text, not catalog data).

export const REGISTRY_LOGIN_URL = 'https://brandservices.amazon.in/';

export const REGISTRY_BENEFITS = [
  {
    title: 'Secure',
    text: 'Register your trademark once and we use it to find and remove listings that misuse your brand name, logo or images before shoppers see them.',
  },
  {
    title: 'Improve customer experience',
    text: 'Control how your products are described, add rich images and comparison charts, and give shoppers a store that is unmistakably yours.',
  },
  {
    title: 'Monitor progress',
    text: 'See how shoppers find and buy your products, which search terms bring them, and how your campaigns and listings perform over time.',
  },
] as const;

export type RegistryTab = {
  id: string;
  label: string;
  intro: string;
  items: { title: string; text: string }[];
};

export const REGISTRY_TABS: RegistryTab[] = [
  {
    id: 'enroll',
    label: 'Enroll your brand',
    intro: 'Enrolment takes a few minutes. You need two things:',
    items: [
      {
        title: 'Your brand name or logo on your products or packaging',
        text: 'The name or logo you register must appear permanently on the products you sell or on their packaging.',
      },
      {
        title: 'A pending or registered trademark',
        text: 'A trademark registered with, or applied for at, the Indian Trade Marks Registry (or the office of a country where you sell). Pending applications are accepted.',
      },
    ],
  },
  {
    id: 'build',
    label: 'Build your brand',
    intro: 'Tools that help shoppers discover your brand and choose it with confidence:',
    items: [
      {
        title: 'A+ Content',
        text: 'Add rich text, images and comparison charts to your product pages so shoppers understand what makes your products different.',
      },
      {
        title: 'Brand Stores',
        text: 'Build a free, multi-page store for your brand with your own story, collections and best sellers, at an address you can share.',
      },
      {
        title: 'Sponsored Brands',
        text: 'Show your logo, a headline and your products, or a short video, in search results and on the home page, paying only when shoppers click.',
      },
      {
        title: 'Brand Analytics',
        text: 'Learn which search terms lead shoppers to your products, what they compare them with and what they buy together.',
      },
    ],
  },
  {
    id: 'protect',
    label: 'Protect your brand',
    intro: 'Protection that works for you around the clock:',
    items: [
      {
        title: 'Proactive brand protections',
        text: 'Automated checks use your trademark, logos and product details to stop listings that may infringe your brand.',
      },
      {
        title: 'Report a violation',
        text: 'Search the catalogue with text, images or lists of product numbers and report suspected infringement in one place.',
      },
      {
        title: 'Project Zero',
        text: 'Remove counterfeit listings yourself, straight away, and add product serialisation to stop counterfeits before they reach shoppers.',
      },
      {
        title: 'Transparency',
        text: 'Unique codes on each unit let us and your shoppers check that every item sold is genuine.',
      },
      {
        title: 'IP Accelerator',
        text: 'Work with trusted Indian IP law firms at pre-negotiated rates to file your trademark, and get brand protection while it is pending.',
      },
      {
        title: 'Customer reviews',
        text: 'Invite buyers to review your products and respond to feedback so shoppers know you stand behind what you sell.',
      },
      {
        title: 'Tailored promotions',
        text: 'Offer special prices to your most engaged shoppers, such as repeat buyers and brand followers.',
      },
      {
        title: 'Sponsored Display and Sponsored Products',
        text: 'Reach shoppers on product pages and in search results with ads that send them straight to your products.',
      },
      {
        title: 'Manage your experiments',
        text: 'Test two versions of a title, image or description and keep the one that sells more.',
      },
    ],
  },
];

export const REGISTRY_FAQS = [
  {
    question: 'Does it cost anything to enroll my brand?',
    answer: 'No. Enrolling in Brand Registry is free. You only pay for the advertising you choose to run.',
  },
  {
    question: 'Do I need a registered trademark?',
    answer:
      'You need a registered trademark or a pending trademark application. With a pending application you can enroll through IP Accelerator and get protection while it is being examined.',
  },
  {
    question: 'I am not a seller on the marketplace. Can I still enroll?',
    answer:
      'Yes. Brand owners who do not sell here can enroll to protect their brand and report listings that infringe it. To use Brand Stores and Sponsored Brands you also need a seller account.',
  },
  {
    question: 'How long does enrolment take?',
    answer:
      'Most applications are checked within two working days. We send a verification code to the contact listed with the trademark office; once you pass it back to us, your brand is enrolled.',
  },
  {
    question: 'Who can enroll a brand?',
    answer:
      'The trademark owner, or an agent or representative they authorise. Agents can enroll several brands from one account.',
  },
] as const;
