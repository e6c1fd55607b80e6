-- Every stored mobile in its one form (docs/decisions/026): a mainland number as its 11 digits,
-- any other country E.164. The rules are those of normalizeMobile (app/schemas/mobile.ts);
-- platform/db/normalised-mobiles.test.ts checks that both give the same answers.
CREATE FUNCTION normalize_mobile_0014(raw text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  v text;
BEGIN
  IF raw IS NULL THEN
    RETURN NULL;
  END IF;
  v := translate(raw, '０１２３４５６７８９＋', '0123456789+');
  v := regexp_replace(v, '[-\s\u3000\u2010-\u2015\u2212\uff0d.()\uff08\uff09]', '', 'g');
  IF v LIKE '00%' THEN
    v := '+' || substr(v, 3);
  END IF;
  IF v ~ '^\+?86\d+$' THEN
    v := regexp_replace(v, '^\+?86', '');
    RETURN CASE WHEN v ~ '^1[3-9]\d{9}$' THEN v END;
  END IF;
  RETURN CASE WHEN v ~ '^(1[3-9]\d{9}|\+[1-9]\d{6,14})$' THEN v END;
END
$$;
--> statement-breakpoint
-- Accounts whose numbers become one: the account already stored in the plain form keeps the
-- number, else the oldest (created first, then lowest id). The others keep their old text, so
-- no sign-in reaches them by mobile any more (WeChat still does), and each pair is written to
-- audit_log as `account.mobileCollision` for the platform administrator.
CREATE TEMPORARY TABLE mobile_groups_0014 AS
SELECT
  id,
  mobile,
  normalize_mobile_0014(mobile) AS stored,
  row_number() OVER (
    PARTITION BY normalize_mobile_0014(mobile)
    ORDER BY (mobile = normalize_mobile_0014(mobile)) DESC, created_at, id
  ) AS rank,
  first_value(id) OVER (
    PARTITION BY normalize_mobile_0014(mobile)
    ORDER BY (mobile = normalize_mobile_0014(mobile)) DESC, created_at, id
  ) AS kept
FROM accounts
WHERE normalize_mobile_0014(mobile) IS NOT NULL;
--> statement-breakpoint
INSERT INTO audit_log (conference_id, account_id, action, target, detail, created_at)
SELECT NULL, NULL, 'account.mobileCollision', 'account:' || g.id,
  jsonb_build_object('mobile', g.stored, 'kept', g.kept, 'left', g.id, 'leftMobile', g.mobile),
  now()
FROM mobile_groups_0014 g
WHERE g.rank > 1;
--> statement-breakpoint
UPDATE accounts a SET mobile = g.stored
FROM mobile_groups_0014 g
WHERE a.id = g.id AND g.rank = 1 AND a.mobile <> g.stored;
--> statement-breakpoint
UPDATE registrations SET mobile = normalize_mobile_0014(mobile)
WHERE normalize_mobile_0014(mobile) IS NOT NULL AND mobile <> normalize_mobile_0014(mobile);
--> statement-breakpoint
UPDATE sms_codes SET mobile = normalize_mobile_0014(mobile)
WHERE normalize_mobile_0014(mobile) IS NOT NULL AND mobile <> normalize_mobile_0014(mobile);
--> statement-breakpoint
-- Sponsors' room guests: each guest's mobile.
UPDATE sponsor_hotel_requests r SET guests = fixed.guests
FROM (
  SELECT r2.id, jsonb_agg(
    CASE WHEN normalize_mobile_0014(g.value ->> 'mobile') IS NOT NULL
      THEN jsonb_set(g.value, '{mobile}', to_jsonb(normalize_mobile_0014(g.value ->> 'mobile')))
      ELSE g.value END
    ORDER BY g.ordinality) AS guests
  FROM sponsor_hotel_requests r2, jsonb_array_elements(r2.guests) WITH ORDINALITY g
  GROUP BY r2.id
) fixed
WHERE r.id = fixed.id AND r.guests <> fixed.guests;
--> statement-breakpoint
-- Answers to phone fields that are mobiles: the registration form's and standalone forms'.
UPDATE registrations r SET answers = r.answers || fixed.patch
FROM (
  SELECT r2.id, jsonb_object_agg(f.field ->> 'key', normalize_mobile_0014(r2.answers ->> (f.field ->> 'key'))) AS patch
  FROM registrations r2
  JOIN registration_fields f ON f.conference_id = r2.conference_id AND f.field ->> 'type' = 'phone'
  WHERE normalize_mobile_0014(r2.answers ->> (f.field ->> 'key')) <> r2.answers ->> (f.field ->> 'key')
  GROUP BY r2.id
) fixed
WHERE r.id = fixed.id;
--> statement-breakpoint
UPDATE form_answers a SET answers = a.answers || fixed.patch
FROM (
  SELECT a2.id, jsonb_object_agg(f.value ->> 'key', normalize_mobile_0014(a2.answers ->> (f.value ->> 'key'))) AS patch
  FROM form_answers a2
  JOIN forms fo ON fo.id = a2.form_id
  CROSS JOIN LATERAL jsonb_array_elements(fo.fields) f
  WHERE f.value ->> 'type' = 'phone'
    AND normalize_mobile_0014(a2.answers ->> (f.value ->> 'key')) <> a2.answers ->> (f.value ->> 'key')
  GROUP BY a2.id
) fixed
WHERE a.id = fixed.id;
--> statement-breakpoint
DROP TABLE mobile_groups_0014;
--> statement-breakpoint
DROP FUNCTION normalize_mobile_0014(text);
