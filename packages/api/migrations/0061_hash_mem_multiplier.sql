-- A search's facets group its matches by brand, category, sizes, colours and stock before counting
-- them (catalog.facets.repository.ts, groupedMatches): a few hundred to a few thousand groups.
-- PostgreSQL estimates them at about as many as the matches, and plans a hash table only when
-- that estimate fits hash_mem_multiplier x work_mem (2 x 4 MB by default); past it, it groups by
-- sorting, on disk. At 100,000 products a search for "lavar" (54,578 matches, 1,062 groups) took
-- 325 ms sorted where counting the matches one by one took 268 and the hashed grouping 213
-- (docs/benchmarks.md). With 8, a hash table may grow to 32 MB before it spills to disk: every
-- search of a 100,000-product catalog is grouped in memory. The store's other hash tables (the
-- refinements' products, 4 MB for 24,000) already fit; they are not larger for it, only allowed
-- to be. As 0053 and 0057, for each new session of the store's database; a role that may not
-- alter the database leaves it as it is.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET hash_mem_multiplier = 8', current_database());
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'hash_mem_multiplier left as it is: %', SQLERRM;
END
$$;
