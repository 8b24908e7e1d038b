-- Live order events (issue 13, "Live"): every new order and every change of its status, payment
-- status or fulfilment status is announced on the channel 'vitrine_orders' with pg_notify. The
-- notification is delivered at COMMIT (never for a rolled-back change) to every server process
-- listening on the database (modules/live), which forwards it to the staff's /admin/events streams.
-- The payload carries no personal data and no money: who may see the order is decided by the server.

CREATE FUNCTION vitrine_notify_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    event_type := 'placed';
  ELSIF NEW.payment_status = 'PAID' AND OLD.payment_status IS DISTINCT FROM 'PAID' THEN
    event_type := 'paid';
  ELSE
    event_type := 'changed';
  END IF;
  PERFORM pg_notify(
    'vitrine_orders',
    json_build_object(
      'type', event_type,
      'id', NEW.id,
      'number', NEW.number,
      'status', NEW.status,
      'paymentStatus', NEW.payment_status,
      'fulfilmentStatus', NEW.fulfilment_status,
      'at', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    )::text
  );
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_live_placed
  AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION vitrine_notify_order();

-- Only a real change: an UPDATE that rewrites a status with the same value announces nothing.
CREATE TRIGGER orders_live_changed
  AFTER UPDATE OF status, payment_status, fulfilment_status ON orders
  FOR EACH ROW
  WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.payment_status IS DISTINCT FROM NEW.payment_status
    OR OLD.fulfilment_status IS DISTINCT FROM NEW.fulfilment_status
  )
  EXECUTE FUNCTION vitrine_notify_order();
