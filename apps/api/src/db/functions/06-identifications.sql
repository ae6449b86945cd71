-- Source of truth for these functions (docs/database.md): the migration runner applies this file
-- with CREATE OR REPLACE after the migrations, on every start. Change the function here, not in a
-- migration; the copies in old migrations are history.
--
-- The crowd's identifications (docs/identifications-api.md): the live-event announcements, a
-- proposal's and a track's identification JSON, and the catalogue stats wrappers that add the IDs
-- identified by an accepted proposal to track_confirmed_count (refresh_catalogue_stats*_base count
-- the tracks that are not IDs).
CREATE OR REPLACE FUNCTION cd_announce_live_event() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('cratedig_live', NEW.id::text);
  RETURN NULL;
END
$fn$;

-- Every new notification, whatever made it (a release by an operator, an import, the crowd), is a live
-- event for its user's open pages.
CREATE OR REPLACE FUNCTION cd_notification_live_event() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO live_events (user_id, type, data)
  VALUES (NEW.user_id, 'notification', jsonb_build_object('notification_id', NEW.id));
  RETURN NULL;
END
$fn$;

-- The key two open proposals of one ID may not share: the normalised artist, title and mix name
-- (cd_normalise_name). A mix name counts only when it says more than the original: "Original Mix" and
-- "Extended Mix" (the same track, as the catalogue compares titles) count as none, so
-- "A - T (Original Mix)" = "A - T", while "A - T (Dub Mix)" and "A - T (Remix B)" are distinct.
CREATE OR REPLACE FUNCTION cd_proposal_name_key(artist text, title text, mix_name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT cd_normalise_name(artist) || ' - ' || cd_normalise_name(title)
    || coalesce(' (' || nullif(cd_normalise_name('(' || mix_name || ')'), '') || ')', '')
$fn$;

-- What a proposal names, in the contract's ProposalNames shape.
CREATE OR REPLACE FUNCTION cd_proposal_names(p identifications) RETURNS json
LANGUAGE sql STABLE AS $fn$
  SELECT json_build_object(
    'track_meta', (SELECT json_build_object('id', t.id, 'title', t.title, 'artist', t.artist,
                     'mix_name', t.mix_name, 'label_name', t.label_name, 'art_url_sm', t.art_url_sm)
                   FROM tracks t WHERE t.id = p.track_id),
    'artist', p.artist, 'title', p.title, 'mix_name', p.mix_name, 'label_name', p.label_name, 'url', p.url)
$fn$;

-- An ID's state (the contract's TrackIdentification): released, identified (an accepted description),
-- proposed (open proposals) or unidentified.
-- PL/pgSQL, not SQL: a SQL function with a FROM clause is never inlined, and PostgreSQL plans its body
-- again for every statement that calls it (once per page of IDs, or per search), where PL/pgSQL keeps
-- the plan for the connection (on the large catalogue the IDs tabs spent 0.3 ms per page planning it).
CREATE OR REPLACE FUNCTION cd_track_identification(p_track_id integer) RETURNS json
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN (SELECT json_build_object(
    'status', CASE
      WHEN EXISTS (SELECT 1 FROM id_releases x WHERE x.id_track_id = p_track_id) THEN 'released'
      WHEN a.id IS NOT NULL THEN 'identified'
      WHEN o.n > 0 THEN 'proposed'
      ELSE 'unidentified' END,
    'open_count', o.n,
    'accepted', CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id,
      'proposal', cd_proposal_names(a),
      'decided_dt', to_char(a.decided_dt AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END)
  FROM (SELECT count(*)::int AS n FROM identifications i WHERE i.id_track_id = p_track_id AND i.status = 'open') o
  LEFT JOIN identifications a ON a.id_track_id = p_track_id AND a.status = 'accepted');
END
$fn$;

CREATE OR REPLACE FUNCTION cd_add_identified_to_confirmed(p_sets int[]) RETURNS void
LANGUAGE sql AS $fn$
  UPDATE sets s SET track_confirmed_count = s.track_confirmed_count + x.n
  FROM (
    SELECT st.set_id, count(*)::int AS n
    FROM set_tracks st JOIN identifications i ON i.id_track_id = st.track_id AND i.status = 'accepted'
    WHERE p_sets IS NULL OR st.set_id = ANY (p_sets)
    GROUP BY st.set_id
  ) x
  WHERE s.id = x.set_id
$fn$;

CREATE OR REPLACE FUNCTION refresh_catalogue_stats() RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM refresh_catalogue_stats_base();
  -- the base wrote the non-ID counts (only where they changed): recount the sets with identified IDs
  UPDATE sets s SET track_confirmed_count = (
    SELECT count(*) FROM set_tracks st JOIN tracks t ON t.id = st.track_id
    WHERE st.set_id = s.id AND t.mix_type <> 'ID')
  WHERE s.id IN (SELECT st.set_id FROM set_tracks st JOIN identifications i ON i.id_track_id = st.track_id AND i.status = 'accepted');
  PERFORM cd_add_identified_to_confirmed(
    (SELECT array_agg(DISTINCT st.set_id) FROM set_tracks st JOIN identifications i ON i.id_track_id = st.track_id AND i.status = 'accepted'));
END
$fn$;

CREATE OR REPLACE FUNCTION refresh_catalogue_stats_for(
  p_sets int[], p_tracks int[], p_artists int[], p_labels int[], p_festivals int[], p_venues int[]
) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM refresh_catalogue_stats_for_base(p_sets, p_tracks, p_artists, p_labels, p_festivals, p_venues);
  -- an import only adds sets, and a new set's IDs may already be identified
  PERFORM cd_add_identified_to_confirmed(coalesce(p_sets, '{}'));
END
$fn$;

-- A release notification lives as long as its release (it used to cascade from id_releases).
CREATE OR REPLACE FUNCTION cd_drop_release_notifications() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM notifications WHERE id_track_id = OLD.id_track_id AND kind = 'release';
  RETURN NULL;
END
$fn$;
