-- PostgreSQL plans a statement in parallel (a Gather of worker processes) when the workers' share
-- of its estimate outweighs parallel_setup_cost (1,000 by default). The storefront's counted facets
-- (a UNION ALL of the counts' rows, estimated at 3,000-4,000) were planned as a Parallel Append:
-- two workers started for a 15-30 ms statement. Alone that costs little; at 10 connections on two
-- cores the workers only take CPU from the other requests. At 100,000 products, 10 connections,
-- the refinements by a price with a size or a colour went from 54-60 to 88-93 req/s (p99 350-390
-- -> 240-245 ms), two sizes or colours from 40-43 to 73-82, a price range from 58-60 to 83-87;
-- searches and landing listings did not change (docs/benchmarks.md). At 5,000 only statements
-- estimated several times larger (a scan of every order by part of a name) are still worth
-- workers. As 0053, for each new session of the store's database; a role that may not alter the
-- database (or the embedded database, which has no parallel workers) leaves it as it is.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET parallel_setup_cost = 5000', current_database());
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'parallel_setup_cost left as it is: %', SQLERRM;
END
$$;
