// Hand-written storefront copy for the seed: footer sections with their explore and policy pages,
// the privilege-claim blurb, cancel/return/replace reasons, review texts, seller replies, names and
// street fragments for generated customers, and home promo tiles. Pure data, no I/O.
//
// Page bodies are plain text: paragraphs separated by blank lines, headings on lines starting '## '.
// The policy section's order matters: the page icon is chosen by id (1 privacy, 2 terms,
// 3 shipping, 4 warning, 5 refund).
import type { ProductKind } from '../kinds.ts';

export type FooterSection = {
  section: 'explore' | 'profits' | 'policy' | 'support';
  title: string;
  /** `link`: where an entry without a page of its own leads (none: plain text) */
  items: readonly { name: string; body?: string; link?: string }[];
};

const ABOUT_US = `Bazaar is an online marketplace that brings shoppers across India together with thousands of independent sellers, manufacturers and brands. From a weaver's cooperative in Varanasi to an electronics distributor in Bengaluru, every seller on Bazaar lists their own products, sets their own prices and ships from their own pincode.

## What we believe

Shopping online should feel as trustworthy as buying from the shop down the road. That is why every product page shows who is selling it, where it ships from, when it will reach your pincode and what the return or replacement window is, before you pay.

We believe small sellers deserve the same reach as big brands. Our tools let a family-run business in Jaipur or Guwahati sell to customers in Chennai and Chandigarh without building a website of its own.

## How Bazaar works

Sellers and brands list products in categories ranging from mobiles and sarees to pressure cookers and cricket bats. When you place an order, the seller packs it and our delivery partners carry it to your door. Delivery charges and speed depend on how far your pincode is from the seller's.

You can pay online with UPI, cards, net banking and wallets, or choose cash on delivery for orders up to ₹15,000. Every order also gets our flat ₹50 PromoJun platform discount.

## Where we are

Bazaar is built by a team spread across Bengaluru, Gurugram and Hyderabad, with seller support centres in Surat, Ludhiana, Kolkata and Coimbatore. We are proud to be an open-source marketplace: the software that runs Bazaar is published for anyone to study, improve and reuse.

## Get in touch

For help with an order, use Chat for support from Your Account. For partnerships and media queries, see Press Releases.`;

const CAREERS = `At Bazaar we are building the marketplace that helps every Indian seller reach every Indian home. If you enjoy solving real problems for real people, from a first-time online shopper in a Tier-3 town to a weaver selling her first saree online, we would love to hear from you.

## Teams we are hiring for

Engineering: backend, frontend, mobile, search and data engineers who care about speed on low-end phones and patchy networks.

Seller Success: account managers fluent in Hindi, Tamil, Telugu, Bengali, Marathi or Gujarati who help new sellers list, price and ship their products.

Operations and Logistics: planners and analysts who work with our delivery partners to improve delivery promises across local, regional, national and remote pincodes.

Customer Experience: support associates for chat and phone, with day and evening shifts.

Design and Research: designers and researchers who spend time in markets and homes to understand how India shops.

## Where we work

Our main offices are in Bengaluru, Gurugram and Hyderabad. Many roles are hybrid, and several support roles are fully remote.

## Life at Bazaar

We offer comprehensive health insurance for you and your family (including parents), flexible working hours, a learning budget, 26 days of paid leave plus public holidays, and 26 weeks of parental leave for all new parents.

## How to apply

Every open role is listed on this page with a clear description and the name of the hiring team. Our process usually has a short screening call, one or two skills conversations and a final discussion with the team, completed within three weeks.

## Beware of recruitment fraud

Bazaar never asks candidates for money at any stage of hiring, and we never make offers over WhatsApp alone. If someone asks you to pay for a job, interview or training on our behalf, please report it through Chat for support.`;

const PRESS_RELEASES = `Official news and announcements from Bazaar. Media teams can reach our communications team through Chat for support; please mention "Press" in your first message.

## Bazaar crosses 50,000 active sellers

Bengaluru, 12 March 2025: More than 50,000 sellers now sell on Bazaar every month, over half of them from outside the eight largest metros. Textile clusters in Surat, Tiruppur and Panipat and the sports-goods makers of Jalandhar and Meerut are among the fastest-growing seller communities.

## Faster delivery to the North-East

Guwahati, 28 January 2025: Bazaar has added delivery partners in Assam, Meghalaya and Tripura, bringing delivery times to remote-zone pincodes down by up to two days. Sellers based in the region now get local and regional delivery rates for nearby customers.

## Handloom Week returns

Varanasi, 7 August 2024: On National Handloom Day, Bazaar launched its third Handloom Week, featuring over 12,000 handwoven sarees, dupattas and stoles from weavers' cooperatives in Uttar Pradesh, Tamil Nadu, Odisha and West Bengal, with zero commission for registered weaver cooperatives during the week.

## PromoJun: ₹50 off every order

Mumbai, 1 June 2024: Bazaar introduced PromoJun, a flat ₹50 platform discount on every order, whether paid online or by cash on delivery. The discount is applied automatically at checkout; no coupon code is needed.

## Bazaar Brand Registry opens to all Indian brands

Hyderabad, 15 April 2024: Brand owners with a registered or pending trademark in India can now enrol in Bazaar Brand Registry to protect their listings, build brand stores and run sponsored brand campaigns.`;

const GIFT_CARDS = `Bazaar Gift Cards are the easy way to give a choice of millions of products, from sarees and smartphones to books and pressure cookers. They are perfect for Diwali, weddings, birthdays, Rakhi and corporate rewards.

## Buying a gift card

Choose any amount from ₹100 to ₹10,000 and send the gift card by email or SMS with a personal message, or schedule it to arrive on a special day. You can pay with UPI, debit or credit cards and net banking. Gift cards cannot be bought with cash on delivery or with another gift card.

## Redeeming a gift card

Open Your Account, choose Gift Cards and enter the 16-character code. The balance is added to your account and is used automatically at checkout. You can use the balance across several orders until it runs out, and pay any difference with another payment method.

## Validity

Gift cards are valid for one year from the date of issue, in line with Reserve Bank of India guidelines for prepaid instruments. The expiry date is shown in Your Account next to your balance.

## Good to know

Gift card balances cannot be withdrawn as cash or transferred to a bank account. If an order paid partly with a gift card is cancelled or returned, the gift card portion goes back to your gift card balance.

Keep your code safe. Bazaar will never call you to ask for a gift card code, and never asks you to pay any fee or tax in gift cards. If someone does, it is a scam: please report it through Chat for support.

## Corporate gifting

Buying gift cards for employees, channel partners or customers? Corporate orders of ₹50,000 or more get a GST invoice and bulk delivery by email.`;

const SUSTAINABILITY = `We want every order on Bazaar to be a little kinder to the planet and to the people who make the products. Here is what we are doing, and how you can help.

## Less packaging

We ask sellers to ship in the product's own box wherever possible and to use paper tape and recycled cartons instead of plastic. Sellers who meet our Eco Pack standard get a badge on their listings. Since 2023, single-use plastic air pillows have been phased out of our partner warehouses.

## Local first

Because delivery charges and times are based on the distance between the seller's pincode and yours, Bazaar shows you sellers near you first when they offer the same product. Buying from a nearby seller usually means fewer kilometres on the road and faster delivery.

## Supporting artisans and handloom

We run zero-commission weeks for registered weavers' cooperatives and artisan groups, and our Handloom and Craft labels help you find genuine handwoven and handcrafted products from across India.

## Repair, reuse and recycle

Many electronics and appliance listings show the brand's authorised service network so that products can be repaired rather than replaced. Through our e-waste partners, you can hand over old phones, chargers and small appliances for responsible recycling when a new order is delivered, in select cities.

## Cleaner last-mile delivery

Our delivery partners are adding electric two-wheelers and three-wheelers in Delhi NCR, Bengaluru, Pune and Hyderabad, and we are working towards fully electric last-mile delivery in these cities.

## What you can do

Choose a slower delivery option when you do not need your order urgently, since it lets us group shipments. Combine items into one order, reuse or recycle the cartons, and check the size chart before you buy to avoid a return trip.`;

const BAZAAR_ASSURED = `The Assured badge on a product page tells you that the product and its seller have passed extra quality checks by Bazaar.

## What Assured means

The seller has a consistently high rating and a low rate of returns and cancellations. The product's images, description and specifications have been reviewed for accuracy. The seller dispatches on time and packs the product securely.

## Your protection

If an Assured product arrives damaged, defective or different from its description, you can ask for a replacement or a refund within the window shown on the product page. Refunds are processed within 7 to 10 business days after the returned item is picked up and checked.

## How sellers earn the badge

Sellers cannot buy the Assured badge. It is awarded automatically based on ratings, returns, on-time dispatch and customer complaints, and it is reviewed every month. A seller who stops meeting the standard loses the badge.`;

const PRIVACY_NOTICE = `This Privacy Notice explains how Bazaar collects, uses, shares and protects your personal data when you use our website and apps. We process personal data in accordance with the Digital Personal Data Protection Act, 2023, the Information Technology Act, 2000, and the rules made under them.

## Data we collect

Information you give us: your name, mobile number, email address, delivery addresses and pincodes, and anything you write in reviews, questions or chats with support.

Information from your use of Bazaar: products you view, search for, add to your cart or wish list, your orders, returns and replacements, and the device, browser and approximate location (from your pincode) you use.

Payment information: payments are processed by RBI-regulated payment aggregators. Bazaar does not store your full card number or UPI PIN.

Information from others: delivery partners tell us when an order is delivered, and sellers tell us when an order is packed and dispatched.

## How we use your data

To take and deliver your orders, including sharing your name, delivery address and phone number with the seller and delivery partner for your order.

To show delivery dates, delivery charges and whether cash on delivery is available for your pincode.

To process payments, refunds, returns and replacements.

To personalise what you see, such as "Related to items you've viewed" and recently viewed items. You can clear your browsing history from Your Account at any time.

To prevent fraud, abuse of offers and fake reviews, and to keep our services secure.

To send you order updates. We send promotional messages only with your consent, and you can opt out at any time.

## Sharing your data

We share personal data only with sellers and delivery partners who need it to fulfil your order, with service providers who work on our behalf under contract, and with authorities when the law requires it. We do not sell your personal data.

## Your rights

You may ask to see the personal data we hold about you, correct or update it, or erase it when it is no longer needed for the purpose it was collected for. You may withdraw consent for marketing at any time. You may also nominate another person to exercise your rights if you are unable to.

## How long we keep data

We keep order and invoice records for as long as tax and accounting laws require, typically eight years. Other data is deleted or anonymised when it is no longer needed.

## Security

Data is encrypted in transit and access is limited to staff who need it. Never share your password or OTP with anyone, including people claiming to be from Bazaar.

## Grievance Officer

If you have a concern about your personal data, write to our Grievance Officer, whose name and contact details are shown at the end of this page, or file a complaint on the Grievance Redressal page. We acknowledge complaints within 48 hours and resolve them within one month.

We may update this notice from time to time. The latest version is always available on this page.`;

const CONDITIONS_OF_USE = `Welcome to Bazaar. These Conditions of Use govern your use of the Bazaar website and apps. By using Bazaar you agree to them, so please read them carefully.

## Bazaar is a marketplace

Bazaar is an online marketplace and an intermediary under the Information Technology Act, 2000. Products are sold by independent sellers and brands, whose names are shown on every product page and invoice. The contract of sale is between you and the seller. Bazaar follows the Consumer Protection (E-Commerce) Rules, 2020, including showing the seller's details, the country of origin, and the return, refund and replacement terms for each product.

## Your account

You must be 18 or older to create an account, or use Bazaar under the supervision of a parent or guardian. You are responsible for keeping your password and OTPs confidential and for all activity on your account. Tell us immediately if you suspect unauthorised use.

## Prices and offers

All prices are in Indian rupees and inclusive of GST unless stated otherwise. Delivery charges, if any, are shown at checkout and depend on the seller's and your pincodes and the delivery option you choose. The flat ₹50 PromoJun platform discount applies to every order and is shown as a separate line in your order summary. Coupons are subject to their own terms, shown with each coupon.

Sellers try to keep prices and stock accurate. If a product is listed at an obviously incorrect price or is out of stock, the seller may cancel the order, and any amount paid will be refunded in full.

## Payments

You can pay online through UPI, cards, net banking and wallets, or by cash on delivery for orders up to ₹15,000 where the delivery option allows it.

## Reviews and content

Reviews, questions and answers must be honest and relevant, and must not contain offensive content, personal information or promotional links. Sellers may not offer incentives for reviews. We may remove content that breaks these rules.

## Prohibited use

You may not misuse Bazaar: for example, by placing orders with no intention to pay, abusing returns or offers, scraping the site, or selling counterfeit or restricted goods. We may suspend accounts that do.

## Intellectual property

The Bazaar name, logo and site design belong to Bazaar. Brand names and product images belong to their owners. The Bazaar software is open source and licensed separately; its licence does not grant rights to the Bazaar name or to sellers' content.

## Liability

Bazaar is not liable for indirect or consequential losses. Nothing in these conditions limits your rights as a consumer under Indian law.

## Governing law and disputes

These conditions are governed by the laws of India. Disputes are subject to the jurisdiction of the courts at Bengaluru, without affecting your right to approach a consumer commission where you live.

We may update these conditions; continued use of Bazaar after an update means you accept the updated conditions.`;

const SHIPPING_POLICY = `Bazaar sellers ship from their own locations all over India, so delivery charges and delivery times depend on two pincodes: the seller's and yours. Enter your pincode with "Deliver to" at the top of any page to see accurate delivery dates and charges.

## Delivery zones

Local: the seller and you are in the same district of the same state. This is the fastest and cheapest zone, and the only one where Same-Day Delivery can be offered.

Regional: the seller and you are in the same state, or within about 300 km of each other across a state border.

National: deliveries anywhere else in India.

Remote: deliveries to the north-eastern states, Jammu & Kashmir, Ladakh, the Andaman & Nicobar Islands and Lakshadweep from a seller outside that state or union territory. These may take a few extra days, and some large or heavy items may not be serviceable.

## Delivery options

Depending on the product, the seller and your zone, you may see Standard Delivery, Express Delivery, Two-Day Delivery, One-Day Delivery or Same-Day Delivery at checkout. Each option shows its charge and the expected arrival date. If you do not pick one, we choose the first available option in that order, starting with Standard Delivery.

## Delivery charges

Each seller sets its delivery rates for each zone and option. A seller may charge per unit (the charge times the quantity), once per order, or by weight (the charge for every 500 g, with a minimum of 500 g). The exact charge for each item is shown in your cart and at checkout before you pay.

## Cash on delivery

Cash on delivery is available for orders up to ₹15,000 in total, provided every delivery option in the order allows it. Please keep the exact amount ready; delivery partners may not carry change.

## PromoJun platform discount

Every order gets a flat ₹50 PromoJun platform discount, whether you pay online or by cash on delivery. It is applied automatically and shown as its own line in the order summary. On orders below ₹50 the discount equals the order amount.

## Serviceability

If a product cannot be delivered to your pincode, the product page says "This product is not serviceable in your area." and the Add to Cart and Buy Now buttons are disabled. Try another seller of the same product, or a different delivery address.

## Tracking and delivery

You can follow your order in Your Orders. Delivery partners will call or message before arriving. If you are not available, they will try again on the next working day. Orders are returned to the seller after three unsuccessful attempts, and any amount paid online is refunded.

## Delays

Delivery dates are estimates. Festivals, heavy rain, floods, strikes and other events beyond our control can cause delays. We will keep you updated in Your Orders.`;

const SAFETY_WARNINGS = `Your safety matters to us. Please read the safety information that comes with every product, and keep these general warnings in mind.

## Electrical appliances

Use appliances such as mixer grinders, kettles and chargers only at the voltage printed on the label (230 V AC in India) and with a properly earthed socket. Look for the ISI or BIS mark. Never immerse the motor base of a mixer grinder or the base of an electric kettle in water. Unplug appliances before cleaning them.

## Batteries, chargers and power banks

Use the charger supplied with your device or a BIS-certified replacement. Do not charge phones, power banks or trimmers on beds or sofas or under pillows. Stop using any battery that swells, leaks, gets very hot or smells of burning, and dispose of it through an e-waste collection point, never in household waste or fire.

## Pressure cookers and cookware

Check that the gasket, safety valve and weight valve are clean before every use. Never force open a pressure cooker while it is still under pressure; let it cool or release the pressure first. Do not fill it more than two-thirds full, or half full for foods that froth, such as dal and rice. Replace gaskets and valves only with genuine spares.

## Toys and children's products

Check the age range on every toy. Toys with small parts are a choking hazard for children under three. Keep button cells and magnets away from young children: if swallowed, seek medical help immediately. Supervise children using ride-on toys and bicycles, and make sure they wear a helmet.

## Cosmetics and personal care

Do a patch test on the inner arm 24 hours before using a new skin or hair product. Stop using it if redness, itching or swelling develops. Keep perfumes and body sprays away from flames and heat; aerosols are flammable.

## Fitness and sports equipment

Warm up before exercise and start with light weights. Check dumbbells, kettlebells and bicycles for loose parts before use. Consult a doctor before starting a new exercise programme if you have a medical condition, are pregnant, or have not exercised for a long time.

## Product recalls

If a seller or brand recalls a product you bought on Bazaar, we will inform you through Your Orders and by SMS or email, with instructions for a free repair, replacement or refund.

## Fraud warning

Bazaar will never ask for your OTP, password, UPI PIN or card details over the phone, and never asks you to pay to receive a prize, refund or job offer. Only pay through the Bazaar checkout, or in cash to the delivery partner for cash-on-delivery orders. Report suspicious calls or messages through Chat for support.`;

const RETURN_AND_REFUND_POLICY = `We want you to be happy with everything you buy on Bazaar. If something is not right, you can return or replace most products within the window shown on each product page.

## Return and replacement windows

Every product page shows the return window and the replacement window for that product, counted from the day of delivery, for example "10 days return" or "7 days replacement". If a product shows no return option, it can only be replaced, and only if it arrives damaged, defective or different from its description. If it shows neither, it cannot be returned or replaced.

Typical windows are 10 days for clothing, footwear, bags and watches; 7 days for most home and kitchen, sports, books and toys; and replacement only, within 7 to 10 days, for most mobiles, electronics, large appliances and bicycles. The window shown on the product page always applies.

## Items that cannot be returned

For hygiene reasons, innerwear, cosmetics, fragrances, personal-care products and fashion jewellery cannot be returned once opened. They can still be replaced if they arrive damaged, defective or wrong. Gift cards and digital products cannot be returned.

## How to return or replace an item

Go to Your Orders, choose the item and select Return or Replace. Pick a reason and, if asked, upload a photo. Pickup is arranged from your delivery address, usually within 2 to 4 days. Please keep the item unused, with its original tags, packaging, accessories, manuals and free gifts. The delivery partner may check the item at pickup.

## Replacements

A replacement is the same product, colour and size, from the same seller. If a replacement is not available, we will refund you instead.

## Refunds

Refunds are issued within 7 to 10 business days after the returned item is picked up and passes the seller's check, or after a cancelled order is confirmed.

Online payments (UPI, cards, net banking, wallets) are refunded to the original payment method. Cash-on-delivery orders are refunded to your bank account or UPI ID, which you can add in Your Account. Gift card payments are refunded to your gift card balance.

The refund equals the amount you paid for the returned item, including its delivery charge if the item was damaged, defective or wrong. The flat ₹50 PromoJun platform discount is part of the order total and is not paid out as cash; if you return only some items of an order, the discount stays with the items you keep.

## Cancellations

You can cancel an item from Your Orders at no charge until it is dispatched. After dispatch, you can refuse the delivery or request a return within the product's return window.

## Need help?

If a pickup is missed or a refund has not arrived within 10 business days, contact us through Chat for support with your order number.`;

/** An explore page still being written (unpublished). */
export const DRAFT_PAGE = {
  section: 'explore',
  name: 'Festive Season Deliveries',
  body: `## Order early for Diwali

Orders placed in the week before Diwali take a day or two longer to reach most pincodes. Order by the
Sunday before the festival to have your gifts in time.

## Same-day delivery

Same-day delivery pauses on Diwali itself and resumes the day after.`,
} as const;

export const FOOTER_SECTIONS: readonly FooterSection[] = [
  {
    section: 'explore',
    title: 'Get to Know Us',
    items: [
      { name: 'About Us', body: ABOUT_US },
      { name: 'Careers', body: CAREERS },
      { name: 'Press Releases', body: PRESS_RELEASES },
      { name: 'Gift Cards', body: GIFT_CARDS },
      { name: 'Sustainability', body: SUSTAINABILITY },
      { name: 'Bazaar Assured', body: BAZAAR_ASSURED },
    ],
  },
  {
    section: 'profits',
    title: 'Make Money with Us',
    items: [
      { name: 'Sell on the marketplace', link: '/seller' },
      { name: 'Become a brand partner', link: '/brandregistry' },
      { name: 'Supply to us', link: '/seller' },
      { name: 'Affiliate program' },
      { name: 'Advertise your products', link: '/sellercentral/ads' },
      { name: 'Become a service provider' },
    ],
  },
  {
    section: 'policy',
    title: 'Policies',
    items: [
      { name: 'Privacy Notice', body: PRIVACY_NOTICE },
      { name: 'Conditions of Use', body: CONDITIONS_OF_USE },
      { name: 'Shipping Policy', body: SHIPPING_POLICY },
      { name: 'Safety Warnings', body: SAFETY_WARNINGS },
      { name: 'Return and Refund Policy', body: RETURN_AND_REFUND_POLICY },
    ],
  },
  {
    section: 'support',
    title: 'Support Center',
    items: [
      { name: 'Your Account', link: '/settings' },
      { name: 'Returns & Replacements', link: '/myorder' },
      { name: 'iOS App' },
      { name: 'Android App' },
      { name: 'Chat for support' },
    ],
  },
];

export const PRIVILEGE_CLAIM: { text: string } = {
  text:
    'Bazaar Privilege: every order gets a flat ₹50 PromoJun discount, and you can pay cash on delivery for orders up to ₹15,000. ' +
    'If this item arrives damaged, defective or different from its description, claim a free replacement or a refund within the window shown on this page. ' +
    'Refunds reach your original payment method within 7 to 10 business days. Warranty, where offered, is provided by the manufacturer or seller named on this page.',
};

export const REASONS: { cancel: readonly string[]; return: readonly string[]; replace: readonly string[] } = {
  cancel: [
    'Ordered by mistake',
    'Found a better price elsewhere',
    'Delivery date is too late',
    'Want to change the delivery address',
    'Want to change the size, colour or quantity',
    'Want to change the payment method',
    'No longer need the item',
    'Ordered the same item twice',
  ],
  return: [
    'Size or fit is not right',
    'Quality is not as expected',
    'Colour or design is different from the picture',
    'Product does not match the description',
    'Received the wrong item',
    'No longer needed',
    'Better price available elsewhere',
    'Missing parts or accessories',
  ],
  replace: [
    'Item arrived damaged',
    'Item is defective or not working',
    'Received the wrong item',
    'Received the wrong size or colour',
    'Missing parts or accessories',
    'Packaging was tampered with',
    'Item is used or expired',
  ],
};

export const REVIEW_TEXTS: {
  5: readonly string[];
  4: readonly string[];
  3: readonly string[];
  2: readonly string[];
  1: readonly string[];
} = {
  5: [
    'Superb {noun}! Exactly as shown in the pictures and the quality is top class. Totally worth the money.',
    'Very happy with this purchase. Delivered two days before the promised date and packing was very good.',
    'Bought this for my mother and she loves it. Using it daily for a month now without any issues.',
    'Value for money product. I compared with many shops in my area and this was the best price with the same quality.',
    'Excellent {noun}. Finish is very premium and it feels much more expensive than what I paid.',
    'Gifted it to my brother on Rakhi and he was very impressed. Seller also added a thank-you note, nice touch.',
    'Second time ordering from this seller and again no complaints. Genuine product, proper bill, fast delivery.',
    'Go for it without any doubt. Best {noun} in this price range, I did a lot of research before buying.',
    'Perfect! Size, colour, everything is as described. Will definitely order again for my family.',
    'Five stars for the product and five stars for the delivery boy who delivered even in heavy rain.',
  ],
  4: [
    'Good {noun} overall. Quality is nice, only the packaging could have been a little better.',
    'Working fine so far, using it for about three weeks. Will update the review after a few months.',
    'Nice product for the price. Colour is slightly darker than the photo but still looks good.',
    'Satisfied with the purchase. Delivery took one extra day but the seller informed me in advance.',
    'Quality is good and it does the job well. Instructions could be clearer, I had to watch a video to understand.',
    'Decent {noun}, better than the one I was using earlier. Taking one star off because the price went down after I bought it.',
    'Good build and looks premium. A little heavier than I expected but that is not a big issue.',
    'Happy with it. Did not give five stars only because the box was slightly dented, though the product was safe.',
    'Does what it promises. My wife liked it a lot. Would recommend to friends.',
  ],
  3: [
    'Average {noun}. It is okay for the price but do not expect too much.',
    'Product is fine but the delivery was delayed by four days without any update.',
    'Quality is just okay. Looks good in the photos but feels a bit cheap in hand.',
    'Neither good nor bad. It works, but I have seen better quality at the same price in local shops.',
    'The {noun} is fine but the size runs small. Order one size bigger.',
    'Okay product. Some small finishing issues but nothing major. Returning was too much hassle so I kept it.',
    'It is decent for occasional use. For daily heavy use I am not sure it will last long.',
    'Colour was different from what was shown, but it still looks fine, so three stars.',
  ],
  2: [
    'Not happy with the quality. The {noun} started showing problems within two weeks.',
    'Disappointed. It looks nothing like the pictures and the material is very thin.',
    'Packing was very poor and one part was missing. Seller sent it later after many follow-ups.',
    'Over-priced for what you get. I expected much better at this price.',
    'Delivery was very late and the product was just average. Will not order again from this seller.',
    'The size chart is completely wrong. Had to request a replacement, still waiting for pickup.',
    'Works, but not as described. Several features mentioned in the listing are missing.',
    'Below average {noun}. Customer care was polite but could not solve my problem.',
  ],
  1: [
    'Worst purchase ever. The {noun} stopped working on the second day itself.',
    'Received a damaged product and the box looked already opened. Very bad experience.',
    'Completely different item delivered. Please do not buy from this seller.',
    'Fake product, quality is very poor. Waste of money.',
    'Requested a return a week ago and still no pickup or refund. Very disappointed.',
    'Do not buy. The material is so cheap it tore after the first wash.',
    'Very bad quality and the seller is not responding to messages at all.',
    'Arrived late, with missing parts, and the replacement was also defective. Zero stars if I could.',
  ],
};

export const SELLER_REPLIES: readonly string[] = [
  'Thank you so much for your kind words! We are glad you liked the product. Happy shopping!',
  'Thank you for your review. We are happy the product reached you safely and on time.',
  'We are sorry to hear about your experience. Please raise a replacement request from Your Orders and we will send a new piece at the earliest.',
  'Sorry for the inconvenience caused. Our team has checked your order and a pickup has been scheduled. The refund will be processed once the item is received.',
  'Thank you for the feedback on the size. We have updated our size chart so that other customers can choose better.',
  'We apologise for the delay in delivery. Heavy rain in our region affected dispatches. Thank you for your patience.',
  'Thank you for taking the time to review. Do check our store for other products in the same range.',
  'We are sorry the product did not meet your expectations. Please contact us through Chat for support with your order number and we will resolve this on priority.',
  'Thank you for your honest review. Your suggestion about the packaging has been shared with our dispatch team.',
  'This is a genuine product with a proper GST invoice and manufacturer warranty. Please share the serial number with us so we can help you with a warranty claim.',
  'So glad your family liked it! Thank you for choosing us again.',
];

export const FIRST_NAMES: readonly string[] = [
  'Aarav',
  'Aditi',
  'Aditya',
  'Aisha',
  'Akash',
  'Ananya',
  'Anil',
  'Anjali',
  'Arjun',
  'Arvind',
  'Bhavna',
  'Chetan',
  'Deepa',
  'Deepak',
  'Divya',
  'Farhan',
  'Gaurav',
  'Geeta',
  'Gurpreet',
  'Harish',
  'Ishaan',
  'Jaspreet',
  'Jyoti',
  'Kabir',
  'Karthik',
  'Kavita',
  'Kiran',
  'Lakshmi',
  'Manish',
  'Meera',
  'Mohammed',
  'Nandini',
  'Naveen',
  'Neha',
  'Nikhil',
  'Pooja',
  'Pradeep',
  'Priya',
  'Rahul',
  'Rajesh',
  'Ramesh',
  'Ritu',
  'Rohan',
  'Sakshi',
  'Sandeep',
  'Sanjay',
  'Shalini',
  'Shreya',
  'Siddharth',
  'Sneha',
  'Suresh',
  'Swati',
  'Tanvi',
  'Tushar',
  'Uma',
  'Varun',
  'Vidya',
  'Vikram',
  'Vivek',
  'Zoya',
  'Ayesha',
  'Imran',
  'Joseph',
  'Mary',
  'Thomas',
  'Anita',
  'Subramanian',
  'Revathi',
  'Venkatesh',
  'Padma',
  'Sourav',
  'Moumita',
  'Debashish',
  'Ritwik',
  'Harpreet',
  'Manpreet',
  'Lalremruati',
  'Tenzin',
  'Bidisha',
  'Pranjal',
];

export const LAST_NAMES: readonly string[] = [
  'Sharma',
  'Verma',
  'Gupta',
  'Agarwal',
  'Singh',
  'Kumar',
  'Yadav',
  'Mishra',
  'Pandey',
  'Tiwari',
  'Chauhan',
  'Rathore',
  'Joshi',
  'Mehta',
  'Shah',
  'Patel',
  'Desai',
  'Parikh',
  'Kulkarni',
  'Deshpande',
  'Patil',
  'Jadhav',
  'Shinde',
  'Gokhale',
  'Iyer',
  'Iyengar',
  'Krishnan',
  'Subramaniam',
  'Natarajan',
  'Raghavan',
  'Reddy',
  'Rao',
  'Naidu',
  'Chowdary',
  'Varma',
  'Nair',
  'Menon',
  'Pillai',
  'Kurian',
  'Thomas',
  'Fernandes',
  "D'Souza",
  'Pereira',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Ghosh',
  'Bose',
  'Das',
  'Sen',
  'Dutta',
  'Roy',
  'Saikia',
  'Baruah',
  'Gogoi',
  'Bora',
  'Mohanty',
  'Patnaik',
  'Sahu',
  'Khan',
  'Ansari',
  'Siddiqui',
  'Qureshi',
  'Sheikh',
  'Gill',
  'Sandhu',
  'Dhillon',
  'Grewal',
  'Bhatia',
  'Malhotra',
  'Kapoor',
  'Khanna',
  'Hegde',
  'Shetty',
  'Gowda',
  'Bhat',
  'Lepcha',
  'Sangma',
  'Lyngdoh',
  'Kaur',
];

export const STREETS: readonly string[] = [
  'MG Road',
  '4th Cross, Indiranagar',
  '12th Main, HSR Layout Sector 6',
  '80 Feet Road, Koramangala 4th Block',
  'Linking Road, Bandra West',
  'Near Andheri Station, Andheri East',
  'Lokhandwala Complex, Andheri West',
  'FC Road, Shivajinagar',
  'Koregaon Park Lane 5',
  'Lajpat Nagar II',
  'Sector 18, Noida',
  'DLF Phase 3, Gurugram',
  'Karol Bagh, Pusa Road',
  'Rajouri Garden Main Market',
  '2nd Avenue, Anna Nagar',
  'Usman Road, T. Nagar',
  'Velachery Main Road',
  'Medavakkam Main Road, Pallikaranai',
  'Salt Lake Sector V',
  'Park Street',
  'Gariahat Road, Ballygunge',
  'Banjara Hills Road No. 12',
  'Hitech City Road, Madhapur',
  'Jubilee Hills Checkpost',
  'CG Road, Navrangpura',
  'SG Highway, Bodakdev',
  'MI Road',
  'Malviya Nagar, Sector 7',
  'Hazratganj',
  'Gomti Nagar, Vipul Khand',
  'GS Road, Christian Basti',
  'Zoo Road, Tiniali',
  'Marine Drive, Ernakulam',
  'Race Course Road',
  'Civil Lines',
  'Model Town Extension',
  'Station Road',
  'Gandhi Nagar, Near Hanuman Mandir',
  'Sector 17, Chandigarh',
  'Boring Road',
];

/** A home tile: its headline, the line under it, the category it links to and the product kind it draws. */
export type HomeTile = { title: string; subtitle: string; category: string; kind: ProductKind };

export const HOME_PROMO: readonly HomeTile[] = [
  {
    title: 'Latest 5G smartphones',
    subtitle: 'Up to 40% off with no-cost EMI on top models',
    category: '5G Smartphones',
    kind: 'phone',
  },
  {
    title: 'Festive ethnic wear',
    subtitle: 'Sarees, kurtas and more from ₹349',
    category: "Women's Ethnic Wear",
    kind: 'saree',
  },
  {
    title: 'Upgrade your kitchen',
    subtitle: 'Mixer grinders, pressure cookers and kettles from ₹599',
    category: 'Kitchen Appliances',
    kind: 'mixer',
  },
  {
    title: 'Luxury Beauty',
    subtitle: 'Iconic fragrances, couture lipsticks and clinical skin care',
    category: 'Luxury Beauty',
    kind: 'perfume',
  },
  {
    title: 'Gear up for the season',
    subtitle: 'Cricket bats, badminton rackets and more',
    category: 'Team & Racket Sports',
    kind: 'bat',
  },
  {
    title: 'Home workouts made easy',
    subtitle: 'Dumbbells, yoga mats and kettlebells from ₹199',
    category: 'Exercise & Fitness',
    kind: 'dumbbell',
  },
];

/** The two wide offer tiles under the home carousel; their headlines differ from the promo tiles'. */
export const HOME_OFFERS: readonly HomeTile[] = [
  {
    title: 'Sound that travels with you',
    subtitle: 'Bluetooth speakers and earbuds with up to 30 hours of play',
    category: 'Audio',
    kind: 'speaker',
  },
  {
    title: 'Sleep better tonight',
    subtitle: 'Cotton bedsheets, dohars and comforters from ₹299',
    category: 'Home Furnishing',
    kind: 'bedsheet',
  },
];
