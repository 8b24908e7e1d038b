-- The dashboard's figures from per-day rollups. dashboardStats sums, for a period and the one
-- before it, the revenue, orders and units of the orders paid on each São Paulo day, ranks the
-- period's products and brands, and counts the work left (Pix orders placed in each period still
-- unpaid, orders paid in it still to ship). Computed from the rows, that joined every paid order
-- of both periods with its lines on every call: at 100,000 orders on PostgreSQL, 350-500 ms a
-- call, and failures under 10 concurrent staff. They are summed here instead, per day, kept exact
-- in the same transaction as every change to an order or its lines (checkout, payment, shipping,
-- delivery, cancellation, expiry, refunds, a line's correction, a deletion).
--
-- What counts is what modules/stats/stats.rows.ts reads from the rows: an order is sold when its
-- status is PAID, SHIPPED or DELIVERED with a paid_at, on the day of paid_at in America/Sao_Paulo
-- (the store's zone, lib/dates.ts STORE_TIME_ZONE), for total_cents - refunded_cents, and its
-- lines for their line_total_cents - discount_cents (what a BRAND_MANAGER's figures add up); it is
-- to ship when PAID with a paid_at (on that day), and awaiting its Pix when PENDING_PAYMENT by PIX
-- (on the São Paulo day of created_at).
--
-- An order counts for these rows (kind, the key columns, the sums); brands are its lines' distinct
-- brand ids, sorted:
--   'order'         sold: one row, day, brands; orders = 1, lines, units (all its lines),
--                   revenue_cents = total - refunded
--   'brand'         sold: one row per (brand_id, brand_name) of its lines: lines, units, revenue
--   'product'       sold: one row per (product_id, product_name, brand_id, brand_name) of its lines
--   'to_ship'       to ship: one row, day, brands; orders = 1
--   'awaiting_pix'  awaiting its Pix: one row, day, brands; orders = 1
-- A brand-scoped period sums the 'brand' rows of the brands and counts the rows of orders whose
-- brands overlap them; names are in the keys so that the top lists name a product or brand as the
-- rows would (max of the names its counted lines carry: a key is there while lines > 0).
--
-- dashboard_sales holds signed deltas of those rows, summed over the orders: a statement that
-- changes orders or order_lines appends, for the orders whose rows changed, what they count now
-- minus what they counted (grouped, zero rows left out). No row of it is ever updated, so
-- concurrent checkouts and payments never wait on each other here. A reader sums the rows of its
-- days, and the periodic fold (foldDashboardSales in stats.repository.ts, every minute) replaces the
-- rows of the days that received deltas by their sums.
--
-- dashboard_order_sales is what each order counts now (its rows as above, with order_id): the
-- delta of a change is the order's rows recomputed minus these, whichever table the statement
-- changed, so a statement that changes an order and its lines at once (checkout's single
-- statement, a deletion's cascade) is counted once. A changed order's rows are replaced.

CREATE TABLE dashboard_sales (
  kind text NOT NULL CHECK (kind IN ('order', 'brand', 'product', 'to_ship', 'awaiting_pix')),
  day date NOT NULL,
  brands uuid[] NOT NULL DEFAULT '{}',
  brand_id uuid,
  brand_name text NOT NULL DEFAULT '',
  product_id uuid,
  product_name text NOT NULL DEFAULT '',
  orders integer NOT NULL DEFAULT 0,
  lines integer NOT NULL DEFAULT 0,
  units bigint NOT NULL DEFAULT 0,
  revenue_cents bigint NOT NULL DEFAULT 0,
  -- A fold's sum (true) or a delta appended since (false): the fold rewrites only the days that
  -- have deltas.
  folded boolean NOT NULL DEFAULT false
);
CREATE INDEX dashboard_sales_day_idx ON dashboard_sales (kind, day);
CREATE INDEX dashboard_sales_unfolded_idx ON dashboard_sales (day) WHERE NOT folded;

CREATE TABLE dashboard_order_sales (
  order_id uuid NOT NULL,
  kind text NOT NULL,
  day date NOT NULL,
  brands uuid[] NOT NULL,
  brand_id uuid,
  brand_name text NOT NULL,
  product_id uuid,
  product_name text NOT NULL,
  orders integer NOT NULL,
  lines integer NOT NULL,
  units bigint NOT NULL,
  revenue_cents bigint NOT NULL
);
CREATE INDEX dashboard_order_sales_order_idx ON dashboard_order_sales (order_id);

-- Whether an order's row makes it count at all (sold, to ship or awaiting its Pix).
CREATE FUNCTION vt_dashboard_counts(status text, payment_method text, paid_at timestamptz)
  RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (status IN ('PAID', 'SHIPPED', 'DELIVERED') AND paid_at IS NOT NULL)
      OR (status = 'PENDING_PAYMENT' AND payment_method = 'PIX')
$$;

-- What the orders `ids` count now (none for an order that is neither sold, to ship nor awaiting
-- its Pix, or no longer exists).
CREATE FUNCTION vt_dashboard_sales_of(ids uuid[])
  RETURNS TABLE (order_id uuid, kind text, day date, brands uuid[], brand_id uuid,
                 brand_name text, product_id uuid, product_name text, orders integer,
                 lines integer, units bigint, revenue_cents bigint)
  LANGUAGE sql STABLE AS $$
  WITH o AS (
    SELECT o.id, (o.paid_at AT TIME ZONE 'America/Sao_Paulo')::date AS paid_day,
           (o.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS created_day,
           (o.total_cents - coalesce(o.refunded_cents, 0))::bigint AS revenue,
           o.status IN ('PAID', 'SHIPPED', 'DELIVERED') AND o.paid_at IS NOT NULL AS sold,
           o.status = 'PAID' AND o.paid_at IS NOT NULL AS to_ship,
           o.status = 'PENDING_PAYMENT' AND o.payment_method = 'PIX' AS awaiting_pix
    FROM orders o
    WHERE o.id = ANY (ids) AND vt_dashboard_counts(o.status, o.payment_method, o.paid_at)
  ),
  per_order AS (
    SELECT o.id, o.paid_day, o.created_day, o.revenue, o.sold, o.to_ship, o.awaiting_pix,
           coalesce(array_agg(DISTINCT l.brand_id ORDER BY l.brand_id)
                      FILTER (WHERE l.brand_id IS NOT NULL), '{}') AS brands,
           count(l.id)::int AS lines, coalesce(sum(l.quantity), 0)::bigint AS units
    FROM o LEFT JOIN order_lines l ON l.order_id = o.id
    GROUP BY o.id, o.paid_day, o.created_day, o.revenue, o.sold, o.to_ship, o.awaiting_pix
  ),
  l AS (
    SELECT o.id AS order_id, o.paid_day AS day, l.brand_id, l.brand_name, l.product_id,
           l.product_name, l.quantity, l.line_total_cents - l.discount_cents AS revenue
    FROM o JOIN order_lines l ON l.order_id = o.id
    WHERE o.sold
  )
  SELECT p.id, 'order'::text, p.paid_day, p.brands, NULL::uuid, ''::text, NULL::uuid, ''::text,
         1, p.lines, p.units, p.revenue
  FROM per_order p WHERE p.sold
  UNION ALL
  SELECT p.id, 'to_ship', p.paid_day, p.brands, NULL, '', NULL, '', 1, 0, 0, 0
  FROM per_order p WHERE p.to_ship
  UNION ALL
  SELECT p.id, 'awaiting_pix', p.created_day, p.brands, NULL, '', NULL, '', 1, 0, 0, 0
  FROM per_order p WHERE p.awaiting_pix
  UNION ALL
  SELECT l.order_id, 'brand', l.day, '{}', l.brand_id, l.brand_name, NULL, '', 0,
         count(*)::int, sum(l.quantity)::bigint, sum(l.revenue)::bigint
  FROM l
  GROUP BY l.order_id, l.day, l.brand_id, l.brand_name
  UNION ALL
  SELECT l.order_id, 'product', l.day, '{}', l.brand_id, l.brand_name, l.product_id,
         l.product_name, 0, count(*)::int, sum(l.quantity)::bigint, sum(l.revenue)::bigint
  FROM l
  GROUP BY l.order_id, l.day, l.brand_id, l.brand_name, l.product_id, l.product_name
$$;

-- Appends the deltas of the orders `ids` (what they count now minus what they counted) and
-- remembers what they count now. The caller holds the orders' row locks (or created them). One
-- generic plan, kept for the session: planning the statement anew for each order (PL/pgSQL's
-- custom plans) cost more than running it.
CREATE FUNCTION vt_dashboard_sales_recount(ids uuid[]) RETURNS void
  LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  WITH now_rows AS (
    SELECT * FROM vt_dashboard_sales_of(ids)
  ),
  diff AS (
    SELECT d.order_id, d.kind, d.day, d.brands, d.brand_id, d.brand_name, d.product_id,
           d.product_name, sum(d.orders) AS orders, sum(d.lines) AS lines,
           sum(d.units) AS units, sum(d.revenue_cents) AS revenue_cents
    FROM (
      SELECT n.order_id, n.kind, n.day, n.brands, n.brand_id, n.brand_name, n.product_id,
             n.product_name, n.orders, n.lines, n.units, n.revenue_cents
      FROM now_rows n
      UNION ALL
      SELECT m.order_id, m.kind, m.day, m.brands, m.brand_id, m.brand_name, m.product_id,
             m.product_name, -m.orders, -m.lines, -m.units, -m.revenue_cents
      FROM dashboard_order_sales m WHERE m.order_id = ANY (ids)
    ) d
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(d.orders) <> 0 OR sum(d.lines) <> 0 OR sum(d.units) <> 0
        OR sum(d.revenue_cents) <> 0
  ),
  changed AS (
    SELECT DISTINCT diff.order_id FROM diff
  ),
  forgotten AS (
    DELETE FROM dashboard_order_sales m
    WHERE m.order_id = ANY (ids) AND m.order_id IN (SELECT c.order_id FROM changed c)
  ),
  remembered AS (
    INSERT INTO dashboard_order_sales (order_id, kind, day, brands, brand_id, brand_name,
                                       product_id, product_name, orders, lines, units,
                                       revenue_cents)
    SELECT n.order_id, n.kind, n.day, n.brands, n.brand_id, n.brand_name, n.product_id,
           n.product_name, n.orders, n.lines, n.units, n.revenue_cents
    FROM now_rows n JOIN changed c ON c.order_id = n.order_id
  )
  INSERT INTO dashboard_sales (kind, day, brands, brand_id, brand_name, product_id, product_name,
                               orders, lines, units, revenue_cents)
  SELECT diff.kind, diff.day, diff.brands, diff.brand_id, diff.brand_name, diff.product_id,
         diff.product_name, sum(diff.orders), sum(diff.lines), sum(diff.units),
         sum(diff.revenue_cents)
  FROM diff
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(diff.orders) <> 0 OR sum(diff.lines) <> 0 OR sum(diff.units) <> 0
      OR sum(diff.revenue_cents) <> 0;
END $$;

-- An order statement recounts the orders it changed that count, or counted, with a different
-- status, payment method, paid_at, created_at, total or refund. Their rows are locked by the
-- statement itself.
CREATE FUNCTION vt_dashboard_orders_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- An order with lines already got them in this same statement (checkout's): the lines'
    -- trigger counts it.
    SELECT array_agg(n.id) INTO ids FROM new_rows n
    WHERE vt_dashboard_counts(n.status, n.payment_method, n.paid_at)
      AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = n.id);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.id) INTO ids FROM old_rows o
    WHERE vt_dashboard_counts(o.status, o.payment_method, o.paid_at);
  ELSE
    SELECT array_agg(n.id) INTO ids
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (vt_dashboard_counts(o.status, o.payment_method, o.paid_at)
           OR vt_dashboard_counts(n.status, n.payment_method, n.paid_at))
      AND (o.status <> n.status
           OR o.payment_method <> n.payment_method
           OR o.paid_at IS DISTINCT FROM n.paid_at
           OR o.created_at <> n.created_at
           OR o.total_cents <> n.total_cents
           OR o.refunded_cents IS DISTINCT FROM n.refunded_cents);
  END IF;
  PERFORM vt_dashboard_sales_recount(ids);
  RETURN NULL;
END $$;

-- A lines statement recounts their orders that count or counted, after locking them, so that it
-- never interleaves with a concurrent change of the same order (READ COMMITTED: the statements
-- after the lock see what that change committed).
CREATE FUNCTION vt_dashboard_lines_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.order_id) INTO ids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.order_id) INTO ids FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT c.order_id) INTO ids
    FROM (SELECT n.order_id FROM new_rows n UNION SELECT o.order_id FROM old_rows o) c;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM orders o WHERE o.id = ANY (ids) ORDER BY o.id FOR NO KEY UPDATE;
  SELECT array_agg(i.id) INTO ids
  FROM unnest(ids) AS i(id)
  WHERE EXISTS (SELECT 1 FROM orders o
                WHERE o.id = i.id AND vt_dashboard_counts(o.status, o.payment_method, o.paid_at))
     OR EXISTS (SELECT 1 FROM dashboard_order_sales m WHERE m.order_id = i.id);
  PERFORM vt_dashboard_sales_recount(ids);
  RETURN NULL;
END $$;

CREATE TRIGGER orders_dashboard_sales_insert
  AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_dashboard_orders_changed();
CREATE TRIGGER orders_dashboard_sales_update
  AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_dashboard_orders_changed();
CREATE TRIGGER orders_dashboard_sales_delete
  AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_dashboard_orders_changed();
CREATE TRIGGER order_lines_dashboard_sales_insert
  AFTER INSERT ON order_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_dashboard_lines_changed();
CREATE TRIGGER order_lines_dashboard_sales_update
  AFTER UPDATE ON order_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_dashboard_lines_changed();
CREATE TRIGGER order_lines_dashboard_sales_delete
  AFTER DELETE ON order_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vt_dashboard_lines_changed();

-- The orders that count already, counted once.
INSERT INTO dashboard_order_sales (order_id, kind, day, brands, brand_id, brand_name, product_id,
                                   product_name, orders, lines, units, revenue_cents)
SELECT s.order_id, s.kind, s.day, s.brands, s.brand_id, s.brand_name, s.product_id,
       s.product_name, s.orders, s.lines, s.units, s.revenue_cents
FROM vt_dashboard_sales_of(ARRAY(
  SELECT o.id FROM orders o WHERE vt_dashboard_counts(o.status, o.payment_method, o.paid_at))) s;
INSERT INTO dashboard_sales (kind, day, brands, brand_id, brand_name, product_id, product_name,
                             orders, lines, units, revenue_cents, folded)
SELECT kind, day, brands, brand_id, brand_name, product_id, product_name, sum(orders), sum(lines),
       sum(units), sum(revenue_cents), true
FROM dashboard_order_sales
GROUP BY 1, 2, 3, 4, 5, 6, 7;
