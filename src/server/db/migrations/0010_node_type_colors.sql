-- A stored colour per node type, replacing colour-by-alphabetical-position, which
-- recoloured every type after a new one was added. The palette is contract/type-colors.ts.
-- Existing types take it in creation order. A type inserted without a colour (the type admin
-- without a choice, bulk uploads that create types, seeds) gets the least-used palette colour,
-- first in palette order, from the trigger below, so every inserter behaves the same.
CREATE FUNCTION node_type_palette() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['#2f6db3', '#2e7d4f', '#b2432f', '#7651a8', '#9a5b00', '#00737a',
               '#a8396b', '#5b6b1f', '#4654b0', '#85583a', '#0c6fa0', '#6a5d8a']
$$;

ALTER TABLE node_types ADD COLUMN color text;

WITH ordered AS (
  SELECT id, (row_number() OVER (ORDER BY created_at, lower(name)) - 1) % 12 + 1 AS i FROM node_types
)
UPDATE node_types t SET color = (node_type_palette())[o.i] FROM ordered o WHERE t.id = o.id;

-- Row trigger: rows inserted earlier by the same statement are counted too (a bulk upload that
-- creates several types spreads them over the palette).
CREATE FUNCTION node_types_default_color() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.color IS NULL THEN
    SELECT p.color INTO NEW.color
      FROM unnest(node_type_palette()) WITH ORDINALITY AS p (color, i)
     ORDER BY (SELECT count(*) FROM node_types t WHERE t.color = p.color), p.i
     LIMIT 1;
  END IF;
  NEW.color := lower(NEW.color);
  RETURN NEW;
END
$$;
CREATE TRIGGER node_types_default_color BEFORE INSERT OR UPDATE OF color ON node_types
  FOR EACH ROW EXECUTE FUNCTION node_types_default_color();

ALTER TABLE node_types ALTER COLUMN color SET NOT NULL;
ALTER TABLE node_types ADD CONSTRAINT node_types_color_hex CHECK (color ~ '^#[0-9a-f]{6}$');
