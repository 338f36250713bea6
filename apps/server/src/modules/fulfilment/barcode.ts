import { toSVG } from 'bwip-js/node';

/**
 * requirements#seller-orders: a tracking number as a Code 128 barcode, drawn as SVG on the server
 * (bars only: the label prints the number under it in its own type). Code 128 carries any
 * printable ASCII, so every AWB number the shipment form accepts can be drawn.
 */
export function code128Svg(text: string): string {
  return toSVG({ bcid: 'code128', text, height: 14, scale: 2, paddingwidth: 10 });
}
