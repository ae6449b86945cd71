-- docs/catalogue.md: the 20 genres, in the spec's order (packages/contract GENRES; a test keeps them equal).
INSERT INTO "genres" ("name", "position") VALUES
  ('Afro House', 1),
  ('Bass / Club', 2),
  ('Breaks / Breakbeat / UK Bass', 3),
  ('Dance / Electro Pop', 4),
  ('Deep House', 5),
  ('Electro (Classic / Detroit / Modern)', 6),
  ('Electronic', 7),
  ('Electronica', 8),
  ('House', 9),
  ('Indie Dance', 10),
  ('Melodic House & Techno', 11),
  ('Minimal / Deep Tech', 12),
  ('Nu Disco / Disco', 13),
  ('Organic House / Downtempo', 14),
  ('Progressive House', 15),
  ('Tech House', 16),
  ('Techno', 17),
  ('Techno (Peak Time / Driving)', 18),
  ('Techno (Raw / Deep / Hypnotic)', 19),
  ('Trance', 20)
ON CONFLICT ("name") DO NOTHING;
