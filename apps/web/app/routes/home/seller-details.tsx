import { Link } from '../../i18n/link.tsx';
import '../../components/home/info.css';

const STEPS = [
  {
    title: 'Register',
    text: 'Create a seller account with your mobile number, email, business name and pickup pincode.',
  },
  {
    title: 'Verify your business',
    text: 'Share your GSTIN (or PAN for GST-exempt categories such as books) and your bank account for payments.',
  },
  {
    title: 'List your products',
    text: 'Add each product with clear photos, price, M.R.P., stock, weight and dimensions, or offer to sell a product already listed.',
  },
  {
    title: 'Receive and ship orders',
    text: 'Pack each order and hand it to our courier partner at your pickup address; shoppers can follow every step.',
  },
  { title: 'Get paid', text: 'Your earnings, less fees, are paid to your bank account every 7 days.' },
] as const;

const FEES = [
  [
    'Referral fee',
    'A share of the sale price that depends on the category: from 2% (mobiles) to 15% (fashion)',
  ],
  ['Closing fee', '₹5 to ₹40 per item sold, by price band'],
  ['Shipping fee', 'By weight and distance: from ₹29 for a 500 g local parcel'],
  ['Listing and monthly fee', 'None'],
] as const;

const REQUIREMENTS = [
  'A GSTIN, or a PAN for categories exempt from GST',
  'A bank account in the name of the business or its owner',
  'A pickup address with a serviceable Indian pincode',
  'A mobile number and an email address you check every day',
] as const;

/** How selling works (the seller landing page's next step): steps, fees and requirements. */
export default function SellerDetails() {
  return (
    <main id="main" tabIndex={-1} className="info-page">
      <section className="info-hero">
        <h1>How selling works</h1>
        <p>Five steps from registration to your first payment.</p>
      </section>
      <section className="info-block" id="steps">
        <h2>Steps to start selling</h2>
        <ol className="info-steps">
          {STEPS.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="info-block">
        <h2>Fees</h2>
        <table className="info-table">
          <tbody>
            {FEES.map(([fee, amount]) => (
              <tr key={fee}>
                <th scope="row">{fee}</th>
                <td>{amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="info-block">
        <h2>What you need</h2>
        <ul className="info-list">
          {REQUIREMENTS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          Own a brand? <Link to="/brandregistry">Enroll it in Brand Registry</Link> to protect it and open a
          Brand Store.
        </p>
      </section>
    </main>
  );
}
