-- requirements#operator-catalog: each category's filter attributes and values start as those its
-- products carry (what the listing filters and Seller Central's form offered until now), in
-- alphabetical order; staff edit them from here on. The seed runs the same statements
-- (packages/db/src/category-attributes.ts).
INSERT INTO category_attributes (category_id, name, position)
SELECT category_id, name, (row_number() OVER (PARTITION BY category_id ORDER BY name))::int - 1
  FROM (SELECT DISTINCT p.category_id, a.name
          FROM product_attributes a JOIN products p ON p.id = a.product_id) AS named
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO category_attribute_values (attribute_id, value, position)
SELECT ca.id, v.value, (row_number() OVER (PARTITION BY ca.id ORDER BY v.value))::int - 1
  FROM (SELECT DISTINCT p.category_id, a.name, a.value
          FROM product_attributes a JOIN products p ON p.id = a.product_id) AS v
  JOIN category_attributes ca ON ca.category_id = v.category_id AND ca.name = v.name
ON CONFLICT DO NOTHING;
