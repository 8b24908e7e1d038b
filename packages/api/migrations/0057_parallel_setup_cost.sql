-- PostgreSQL plans a statement in parallel (a Gather of worker processes) when the workers' share
-- of its estimate outweighs parallel_setup_cost (1,000 by default). The storefront's counted facets
-- (a UNION ALL of the counts' rows, estimated at 3,000-4,000) were planned as a Parallel Append:
-- two workers started for a 15-30 ms statement. Alone that costs little; at 10 connections on two
-- cores the workers only take CPU from the other requests. At 100,000 products, 10 connections
-- through HTTP, the refinements by a price with a size or a colour went from 63-67 to 90-98 req/s
-- (p99 320-323 -> 218-229 ms), two sizes or colours from 35-40 to 70-79, a price range from 56-68
-- to 87-92; searches and landing listings did not change (docs/benchmarks.md). At 5,000,
-- statements estimated several times larger still get workers. As 0053, for each new session
-- of the store's database; a role that may not alter the
-- database (or the embedded database, which has no parallel workers) leaves it as it is.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET parallel_setup_cost = 5000', current_database());
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'parallel_setup_cost left as it is: %', SQLERRM;
END
$$;
