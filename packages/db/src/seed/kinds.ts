// The drawing kinds of the seed's generated product images. Each catalog leaf names one, and the
// image generator draws a recognisable silhouette for each.
export const PRODUCT_KINDS = [
  'phone', 'tablet', 'laptop', 'headphones', 'earbuds', 'speaker', 'smartwatch', 'camera', 'television',
  'charger', 'tshirt', 'shirt', 'kurta', 'saree', 'dress', 'jeans', 'shoe', 'sandal', 'handbag',
  'backpack', 'wristwatch', 'sunglasses', 'jewellery', 'cookware', 'mixer', 'kettle', 'bottle',
  'lamp', 'chair', 'bedsheet', 'cushion', 'perfume', 'lipstick', 'cream', 'shampoo', 'trimmer',
  'dumbbell', 'yogamat', 'bicycle', 'racket', 'ball', 'book', 'toy',
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

// The colour swatches of the listing filters (spec: Red, Blue, Green, Yellow, Black, White, Pink,
// Orange, Purple, Brown), with the shades the image generator paints them in.
export const SWATCH_COLOURS = {
  Red: '#d32f2f', Blue: '#1e63c6', Green: '#2e8b57', Yellow: '#f2c230', Black: '#222222',
  White: '#f4f4f4', Pink: '#e86fa5', Orange: '#f07c1e', Purple: '#7b3fa8', Brown: '#8b5a2b',
} as const;
export type SwatchColour = keyof typeof SWATCH_COLOURS;
