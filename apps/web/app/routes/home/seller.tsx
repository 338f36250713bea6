import { Link } from '../../i18n/link.tsx';
import '../../components/home/info.css';

const REASONS = [
  {
    title: 'Shoppers in every pincode',
    text: 'Reach shoppers across India, with delivery worked out for each pincode from yours.',
  },
  {
    title: 'Get paid on time',
    text: 'Payments reach your bank account every 7 days, cash on delivery orders included.',
  },
  {
    title: 'Grow with ads and deals',
    text: 'Sponsored products, lightning deals and coupons put your products in front of more buyers.',
  },
] as const;

/** requirements#seller-landing: Sign Up and Start Selling lead to Seller Central, where a seller joins. */
export default function SellerLanding() {
  return (
    <main id="main" tabIndex={-1} className="info-page">
      <section className="info-hero">
        <h1>Sell to crores of shoppers across India</h1>
        <p>Register as a seller, list your products and start receiving orders, with no monthly fee.</p>
        <div className="info-actions">
          <Link className="info-btn primary" to="/sellercentral">
            Sign Up
          </Link>
          <Link className="info-btn" to="/sellercentral">
            Start Selling
          </Link>
        </div>
      </section>
      <section className="info-block">
        <h2>Why sell with us</h2>
        <ul className="info-cards">
          {REASONS.map((reason) => (
            <li key={reason.title}>
              <h3>{reason.title}</h3>
              <p>{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
